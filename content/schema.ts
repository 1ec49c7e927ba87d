// The whole content model on one screen: every collection the site is built from, with its schema.
// Types are inferred from the schemas, so a field added here is a field the templates can use.
import { z } from 'zod'

const text = z.string().trim().min(1, 'Required')
const sitePath = z
  .string()
  .regex(/^\/[A-Za-z0-9/_-]*$/, 'Must be a site path such as /products/clove (letters, digits, - _ /)')
  .refine((p) => p === '/' || !p.endsWith('/'), 'Must not end with /')
const slug = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'Use lower-case letters, digits and dashes')
const formType = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{1,60}$/, 'Letters, digits and _ only')
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour such as #5a3b2e')
const url = z.url({ message: 'A full web address, starting with https://' })
/** An image stored under content/images/, e.g. products/clove.jpg */
const image = z.object({
  src: z.string().regex(/^[a-z0-9/_-]+\.(jpe?g|png|webp|avif|svg)$/i, 'A file under content/images/, e.g. products/clove.jpg'),
  alt: text,
})
const seo = z.object({
  title: text.max(70, 'Keep titles under 70 characters so search results show them whole'),
  description: text.max(170, 'Keep descriptions under 170 characters'),
  keywords: z.array(text).optional(),
})
const labelled = z.object({ label: text, value: text })
const titled = z.object({ title: text, text: text })

// ---- site.yaml: who the company is ----
export const siteSchema = z.object({
  origin: url.refine((u) => !u.endsWith('/'), 'No trailing /'),
  company: z.object({
    name: text,
    shortName: text,
    tagline: text,
    legalForm: text,
    natureOfBusiness: text,
    employees: z.number().int().positive(),
    marketCoverage: text,
    founded: z.number().int().min(1900).max(2100),
    offices: z.array(text).min(1),
    address: z.object({ locality: text, region: text, country: text, postalCode: text.optional() }),
    blurb: text,
  }),
  contact: z.object({
    person: text,
    phones: z.array(z.object({ display: text, tel: z.string().regex(/^\+[0-9]{6,15}$/, 'International format, e.g. +919000012345') })).min(1),
    email: z.email({ message: 'An e-mail address' }),
    marketplace: z.object({ label: text, url }),
  }),
  social: z.array(z.object({ network: z.enum(['facebook', 'instagram', 'youtube', 'linkedin', 'x']), label: text, url })),
  leaders: z.array(z.object({ name: text, title: text, bio: text.optional() })).min(1),
  stats: z.array(labelled).min(1),
  geo: z.object({ region: text, placename: text, latitude: z.number(), longitude: z.number() }),
  logo: image,
  /** The picture a shared link shows (LinkedIn, WhatsApp, X) for a page without one of its own. */
  shareImage: image.refine((i) => !/\.svg$/i.test(i.src), { message: 'A photo (JPEG, PNG, WebP or AVIF): sharing sites do not show SVG', path: ['src'] }),
  /** Square mark for the browser tab. */
  icon: z.object({ src: image.shape.src, alt: z.string().default('') }).default({ src: 'brand/icon.svg', alt: '' }),
})

// ---- products/*.yaml: one file per product line ----
const productCommon = {
  /** The file name without .yaml; also the product's id in lists. */
  slug,
  name: text,
  /** How the product is named in menus, footer and forms, e.g. "Black Pepper (Kali Mirch)". */
  menuLabel: text,
  /** How the contact form's product choice names it (defaults to menuLabel). */
  enquiryLabel: text.optional(),
  order: z.number().int(),
  path: sitePath,
  aliases: z.array(sitePath).default([]),
  summary: text.max(200),
  image,
  seo,
}

const agroProduct = z.object({
  ...productCommon,
  kind: z.literal('agro'),
  formType,
  subtitle: text,
  /** The product's name in the enquiry heading 'Looking for "…" ?' */
  enquiryName: text,
  facts: z.array(labelled).min(1),
  specifications: z.array(labelled).min(1),
  applications: z.array(titled).min(1),
  packing: z.object({ packing: text, storage: text, shelfLife: text }),
  /** Other products to show under Explore More; all other products when left out. */
  explore: z.array(slug).optional(),
  /** Geo meta tags for the company's region (used by makhana). */
  geoTagged: z.boolean().default(false),
  /** Indicative prices for structured data, when published. */
  grades: z
    .object({
      heading: text,
      intro: text.optional(),
      items: z.array(z.object({ name: text, priceUsd: z.number().positive(), qualifier: z.enum(['under', 'from']).optional() })).min(1),
    })
    .optional(),
  qualityTiers: z.object({ heading: text, items: z.array(z.object({ name: text, grades: z.array(text).min(1), text: text.optional() })).min(1) }).optional(),
  priceBands: z.object({ heading: text, items: z.array(z.object({ name: text, range: text, grades: z.array(text).default([]) })).min(1) }).optional(),
  useCases: z.object({ heading: text, items: z.array(titled).min(1) }).optional(),
})

const graniteCollection = z.object({
  ...productCommon,
  kind: z.literal('graniteCollection'),
  heading: text,
  intro: text,
  gridHeading: text,
})

export const productSchema = z.discriminatedUnion('kind', [agroProduct, graniteCollection])

// ---- granite/*.yaml: one file per shade, plus granite/_shared.yaml for what all shades share ----
export const graniteSharedSchema = z.object({
  specifications: z.array(labelled).min(1),
  applications: z.array(titled).min(1),
  exploreHeading: text,
})

export const graniteShadeSchema = z.object({
  slug: z.string().regex(/^[A-Za-z0-9-]+$/),
  name: text,
  /** Short name used in the sitemap page, e.g. "Neo Chocolate". */
  shortName: text,
  order: z.number().int(),
  path: sitePath,
  aliases: z.array(sitePath).default([]),
  formType,
  headline: text,
  description: text,
  summary: text.max(200),
  /** The shade's colours, darkest first: used for the generated artwork and the page accent. */
  colours: z.array(colour).min(2).max(6),
  /** Facts that only this shade has, shown before the shared specifications. */
  specifications: z.array(labelled).default([]),
  image,
  seo,
})

// ---- home.yaml ----
const productList = z.array(slug).min(1)
export const homeSchema = z.object({
  seo,
  carousel: z.object({ intervalMs: z.number().int().min(1000), slides: productList }),
  latest: z.object({ heading: text, intro: text.optional(), products: productList }),
  popular: z.object({ heading: text, intro: text.optional(), products: productList }),
  quickEnquiry: z.object({ heading: text, intro: text, image }),
})

// ---- pages.yaml: words and SEO of the screens that are not products ----
const page = (defaultPath: string) => z.object({ path: sitePath.default(defaultPath), seo, heading: text, intro: text.optional() })
export const pagesSchema = z.object({
  products: page('/products').extend({ gridHeading: text, exportEnquiry: z.object({ heading: text, intro: text }) }),
  about: page('/about').extend({ storyHeading: text, leadersHeading: text, factsHeading: text, productsHeading: text }),
  contact: page('/contact').extend({ detailsHeading: text, whyChooseUs: z.object({ heading: text, items: z.array(titled).min(1) }), formHeading: text }),
  reviews: page('/testimonials').extend({ listHeading: text, formHeading: text, sidebarHeading: text }),
  sitemap: page('/sitemap').extend({ mainHeading: text, productsHeading: text, graniteHeading: text }),
  notFound: page('/404'),
  thankYou: page('/thank-you'),
  enquiryProblem: page('/enquiry-problem'),
})

// ---- navigation.yaml: the fixed links of header, footer and sitemap page (products are added from products/) ----
const navItem = z.object({ name: text, path: sitePath })
export const navigationSchema = z.object({
  header: z.array(navItem).min(1),
  footerQuickLinks: z.array(navItem).min(1),
  footerLegal: z.array(navItem).min(1),
  sitemapMain: z.array(navItem).min(1),
})

// ---- reviews.yaml ----
export const reviewsSchema = z.object({
  distribution: z.object({ 5: z.number().int().min(0), 4: z.number().int().min(0), 3: z.number().int().min(0), 2: z.number().int().min(0), 1: z.number().int().min(0) }),
  minBarPercent: z.number().min(0).max(100),
  reviews: z
    .array(
      z.object({
        name: text,
        company: text,
        product: text,
        rating: z.number().int().min(1).max(5),
        date: z.iso.date({ message: 'A date written as YYYY-MM-DD' }),
        text,
        verified: z.boolean(),
      }),
    )
    .min(1),
})

// ---- forms.yaml: choices and wording shared by the enquiry forms ----
export const formsSchema = z.object({
  dialCodes: z.array(z.object({ code: z.string().regex(/^[0-9]{1,4}$/, 'Digits only, without +'), country: text })).min(1),
  defaultDialCode: z.string().regex(/^[0-9]{1,4}$/),
  countries: z.array(text).min(1),
  requirementPlaceholder: text,
  containerPlaceholder: text,
})

// ---- legal/*.mdx front matter ----
export const legalSchema = z.object({
  title: text,
  path: sitePath,
  aliases: z.array(sitePath).default([]),
  effective: z.iso.date({ message: 'A date written as YYYY-MM-DD' }),
  updated: z.iso.date({ message: 'A date written as YYYY-MM-DD' }),
  seo,
})

export type Site = z.infer<typeof siteSchema>
export type Product = z.infer<typeof productSchema>
export type AgroProduct = Extract<Product, { kind: 'agro' }>
export type GraniteCollection = Extract<Product, { kind: 'graniteCollection' }>
export type GraniteShared = z.infer<typeof graniteSharedSchema>
export type GraniteShade = z.infer<typeof graniteShadeSchema>
export type Home = z.infer<typeof homeSchema>
export type Pages = z.infer<typeof pagesSchema>
export type Navigation = z.infer<typeof navigationSchema>
export type NavItem = z.infer<typeof navItem>
export type Reviews = z.infer<typeof reviewsSchema>
export type Forms = z.infer<typeof formsSchema>
export type LegalMeta = z.infer<typeof legalSchema>
export type ImageRef = z.infer<typeof image>
export type Seo = z.infer<typeof seo>
