// The whole content model: every collection the site is built from, with its schema.
// Types are inferred from the schemas, so a field added here is a field the templates can use.
//
// This file is also the one place where fields are explained. Each `.meta({ description })` is:
// - the hover help of editors that read the generated JSON Schemas (schemas/, `npm run schemas`),
// - the field reference at the end of content/README.md (generated from the same descriptions),
// - the hint of the browser editor, whose configuration is generated from these schemas.
// Descriptions and labels are written for the staff who edit the site, in plain words. Settings
// staff cannot know (the site's address, a page's formType) are marked `forDevelopers`: they stay
// in the files and out of the browser editor, and those a new entry leaves out follow from its name.
// Every object is strict: a key that is not declared here is an error ("did you mean …?"), never
// silently dropped. Regexes are written without flags, because JSON Schema patterns have none.
import { z } from 'zod'
import { FORM_TYPE, SITE_PATH } from '../project/site-manifest.ts'

declare module 'zod' {
  interface GlobalMeta {
    /** The message shown when a value does not match the field's pattern (read by VS Code's YAML extension). */
    patternErrorMessage?: string
    /**
     * Given once, when the entry is created, and never changed afterwards: the value names the
     * entry's file or the mailbox folder its enquiries are filed under. Editors show it read-only
     * on existing entries.
     */
    setOnce?: boolean
    /** The value is the path of a file under this folder (a picture under content/images). */
    mediaFolder?: string
    /** The value names an entry of this collection by its file name (a product's slug). */
    references?: 'products'
    /** The field's name in the browser editor, where its key is no plain word ("Picture file" for src). */
    label?: string
    /**
     * A setting for developers: kept in the file, left out of the browser editor (which keeps its
     * value when it saves), e.g. the site's address or a page's formType.
     */
    forDevelopers?: boolean
    /**
     * Words visitors read, translated per language: the translation files (site.ar.yaml beside
     * site.yaml) hold these fields only, their schemas and the editor's i18n follow from this mark
     * (model/translations.ts; content/README.md, "Languages").
     */
    translate?: boolean
  }
}

/** A string that matches `regex`; the message travels in the schema so every editor can show it. */
function matching(regex: RegExp, message: string) {
  // JSON Schema patterns have no flags: a /i regex would be exported case-sensitive.
  if (regex.flags !== '') throw new Error(`${regex}: write the pattern without flags (it is exported to JSON Schema)`)
  return z.string().regex(regex, message).meta({ patternErrorMessage: message })
}

const text = z.string().trim().min(1, 'Must not be empty')
/** Text visitors read, translated per language (see `translate` above). */
export const words = text.meta({ translate: true })
export const sitePath = matching(
  SITE_PATH,
  'Must be an address inside the site such as /products/clove: a / then letters, digits, - or _, no / at the end',
).meta({ description: 'An address inside the site, starting with /, e.g. /products/clove.' })
/** A product's file name: lower-case, e.g. black-pepper. */
export const PRODUCT_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/
/** A granite shade's file name: capitals allowed, e.g. NeoGalaxy. */
export const SHADE_SLUG = /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/
/** At most this long, so the formType made from it is a valid one too. */
const SLUG_MAX = 50
const productSlug = matching(PRODUCT_SLUG, 'Use lower-case letters, digits and single dashes, e.g. green-chilli').max(
  SLUG_MAX,
  `At most ${SLUG_MAX} characters`,
)

/** White Pepper → white-pepper */
export function lowerCaseSlug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** Neo Ivory → NeoIvory */
export function capitalisedSlug(s: string): string {
  return s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('')
}

/** The formType of a page that has none written: its file name, e.g. green-chilli → GreenChilliEnquiry. */
export function enquiryFormType(slug: string): string {
  return `${capitalisedSlug(slug).replace(/^[0-9]+/, '') || 'Product'}Enquiry`
}
/** A product's address when none is written: /products/ and its file name. */
export const productPath = (slug: string) => `/products/${slug}`
/** A granite shade's address when none is written. */
export const shadePath = (slug: string) => `/products/granite/${slug}`
/** A product named by its file name, e.g. black-pepper for products/black-pepper.yaml. */
const productRef = productSlug.meta({
  description: 'A product, by its file name in content/products/ without .yaml.',
  references: 'products',
})
export const formType = matching(FORM_TYPE, 'Letters, digits and _ only, starting with a letter, e.g. GreenChilliEnquiry').meta({
  description:
    'The name the page’s enquiries are filed under in the mailbox, e.g. CloveEnquiry. Each page has its own. Do not change it once the page is live.',
  setOnce: true,
})
/** A page's formType, made from its file name when none is written (the older pages keep theirs). */
const pageFormType = formType.optional().meta({
  description:
    'Optional, for developers: the name the page’s enquiries are filed under in the mailbox. Left out, it is made from the file name (green-chilli: GreenChilliEnquiry); the older pages keep theirs. Never change it once the page is live.',
  forDevelopers: true,
})
const colour = matching(/^#[0-9a-fA-F]{6}$/, 'A colour such as #5a3b2e')
const url = z.url({ message: 'A full web address, starting with https://' })
const isoDate = z.iso.date({ message: 'A date written as YYYY-MM-DD, in quotes, e.g. "2026-01-15"' })
const order = z.number().int().meta({ description: 'Position in menus and lists: 1 comes first.', label: 'Position' })
const aliases = z.array(sitePath).default([]).meta({
  description: 'Optional: other addresses that lead to this page, e.g. an old one (/products/cardomon): visitors who use them are sent on.',
  label: 'Other addresses',
})

/** An image stored under content/images/, e.g. products/clove.jpg */
const imageSrc = matching(
  /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.([Jj][Pp][Ee]?[Gg]|[Pp][Nn][Gg]|[Ww][Ee][Bb][Pp]|[Aa][Vv][Ii][Ff]|[Ss][Vv][Gg])$/,
  'A picture file under content/images/, e.g. products/clove.jpg (letters, digits, - and _; ending .jpg, .png, .webp, .avif or .svg)',
).meta({
  description: 'The picture’s file under content/images/, e.g. products/clove.jpg. Letter case must match the file name exactly.',
  mediaFolder: 'content/images',
  label: 'Picture file',
})
const image = z
  .strictObject({
    src: imageSrc,
    alt: words.meta({
      description: 'What the picture shows, in a sentence: read aloud to blind visitors and used by search engines.',
      label: 'What the picture shows',
    }),
  })
  .meta({ description: 'A picture: its file (`src`) and its description (`alt`).' })
const seo = z
  .strictObject({
    title: words
      .max(70, 'Keep titles under 70 characters so search results show them whole')
      .meta({ description: 'The title in the browser tab and in search results (at most 70 characters).' }),
    description: words
      .max(170, 'Keep descriptions under 170 characters')
      .meta({ description: 'The summary shown in search results (at most 170 characters).' }),
    keywords: z.array(words).optional().meta({ description: 'Optional: search words, one per line.', label: 'Search words' }),
  })
  .meta({ description: 'What search engines show: `title`, `description` and optional `keywords`.', label: 'Search engines' })
const labelled = z.strictObject({
  label: words.meta({ description: 'The name of the fact, e.g. "Moisture".' }),
  value: words.meta({ description: 'Its value, e.g. "10% max".' }),
})
const titled = z.strictObject({
  title: words.meta({ description: 'The short heading of the item.' }),
  text: words.meta({ description: 'A sentence or two under it.' }),
})
const summary = words
  .max(200, 'Keep the summary under 200 characters')
  .meta({ description: 'A short description for cards (at most 200 characters).' })

// ---- site.yaml: who the company is ----
const language = z.strictObject({
  code: matching(/^[a-z]{2,3}$/, 'Two or three lower-case letters, e.g. ar').meta({
    description: 'The ISO 639 code: the folder of its pages (/ar/) and the suffix of its translation files (site.ar.yaml).',
  }),
  name: text.meta({ description: 'The language’s name written in itself, e.g. العربية, as the language switcher shows it.' }),
  tag: matching(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'A language tag such as zh-Hans')
    .optional()
    .meta({ description: 'Optional: the BCP 47 tag of lang and hreflang when it is more than the code, e.g. zh-Hans.' }),
  direction: z
    .enum(['ltr', 'rtl'])
    .default('ltr')
    .meta({ description: 'Optional: rtl for a language written right to left (Arabic); ltr when left out.' }),
  ogLocale: matching(/^[a-z]{2,3}_[A-Z]{2}$/, 'Language and country, e.g. ar_AE').meta({
    description: 'The Open Graph locale shared links carry, e.g. en_IN.',
  }),
})

export const siteSchema = z
  .strictObject({
    origin: matching(
      /^https?:\/\/[A-Za-z0-9.-]+(:[0-9]+)?$/,
      'The website’s address, e.g. https://www.neoagrogranite.com (no / at the end)',
    ).meta({
      description:
        'For developers: the website’s address, e.g. https://www.neoagrogranite.com (no / at the end). A build with SITE_URL set uses that instead.',
      forDevelopers: true,
    }),
    languages: z
      .array(language)
      .min(1)
      .refine((list) => new Set(list.map((l) => l.code)).size === list.length, 'Each language once')
      .meta({
        description:
          'For developers: the languages of the site, the default (English) first, served at today’s addresses; each other one under /<code>/ and translated in files named like site.<code>.yaml (content/README.md, "Languages").',
        forDevelopers: true,
      }),
    company: z
      .strictObject({
        name: text.meta({ description: 'The full legal name.' }),
        shortName: text.meta({ description: 'The short name used in page titles and small spaces.' }),
        tagline: words.meta({ description: 'One line describing the company.' }),
        legalForm: words.meta({
          description: 'About page, Company Information: the legal form, e.g. "Private Limited Company".',
          label: 'Legal form',
        }),
        natureOfBusiness: words.meta({ description: 'About page, Company Information: e.g. "Manufacturer, Supplier and Exporter".' }),
        employees: z
          .number()
          .int()
          .positive()
          .meta({ description: 'About page, Company Information: the number of employees (a number).' }),
        marketCoverage: words.meta({ description: 'About page, Company Information: where the company sells, e.g. "Worldwide".' }),
        founded: z.number().int().min(1900).max(2100).meta({ description: 'The year the company was founded (a number).' }),
        offices: z.array(words).min(1).meta({ description: 'The towns of the offices, one per line.' }),
        address: z
          .strictObject({
            locality: words.meta({ description: 'The city.', label: 'City' }),
            region: words.meta({ description: 'The state.', label: 'State' }),
            country: words.meta({ description: 'The country.' }),
            postalCode: text.optional().meta({ description: 'Optional: the PIN code.', label: 'PIN code' }),
          })
          .meta({ description: 'The registered address.' }),
        blurb: words.meta({ description: 'The short company text in the footer.' }),
      })
      .meta({ description: 'The company’s names and the facts of the About page.' }),
    contact: z
      .strictObject({
        person: words.meta({ description: 'The contact person named on the Contact page.' }),
        phones: z
          .array(
            z.strictObject({
              display: text.meta({ description: 'The number as visitors read it, e.g. "+91 90000 11122".', label: 'Number as shown' }),
              tel: matching(/^\+[0-9]{6,15}$/, 'International format: + and digits only, e.g. +919000012345').meta({
                description: 'The same number as + and digits only, e.g. "+919000011122" (what a phone dials).',
                label: 'Number to dial',
              }),
            }),
          )
          .min(1)
          .meta({ description: 'The phone numbers, each with `display` and `tel`.' }),
        whatsapp: matching(/^\+[0-9]{6,15}$/, 'International format: + and digits only, e.g. +919000012345')
          .optional()
          .meta({
            description:
              'Optional: the WhatsApp number buyers chat with, as + and digits only, e.g. "+919000011122". Product, shade and contact pages link a chat with it (https://wa.me/…), and search engines read it as a contact point; without it, no WhatsApp link shows.',
            label: 'WhatsApp number',
          }),
        email: z.email({ message: 'An e-mail address such as info@example.com' }).meta({ description: 'The company e-mail address.' }),
        marketplace: z
          .strictObject({
            label: words.meta({ description: 'The store’s name as shown, e.g. "IndiaMART Store".' }),
            url: url.meta({ description: 'The store’s address.' }),
          })
          .meta({ description: 'The online B2B store.' }),
      })
      .meta({ description: 'How buyers reach the company.' }),
    social: z
      .array(
        z.strictObject({
          network: z
            .enum(['facebook', 'instagram', 'youtube', 'linkedin', 'x'])
            .meta({ description: 'One of facebook, instagram, youtube, linkedin, x.' }),
          label: words.meta({ description: 'The name shown, e.g. "Facebook".' }),
          url: url.meta({ description: 'The page’s address.' }),
        }),
      )
      .meta({ description: 'The company’s social pages.' }),
    leaders: z
      .array(
        z.strictObject({
          name: text.meta({ description: 'The person’s name.' }),
          title: words.meta({ description: 'Their position, e.g. "Managing Director".' }),
          bio: words.optional().meta({ description: 'Optional: a sentence about their role.' }),
        }),
      )
      .min(1)
      .meta({ description: 'The leaders on the About page.' }),
    stats: z
      .array(
        z.strictObject({
          value: words.meta({ description: 'The big text, e.g. "60+".' }),
          label: words.meta({ description: 'The line under it, e.g. "Team Members".' }),
        }),
      )
      .min(1)
      .meta({ description: 'The number tiles on the About page.' }),
    geo: z
      .strictObject({
        region: text.meta({ description: 'Region code, e.g. "IN-TG".' }),
        placename: text.meta({ description: 'Place name, e.g. "Telangana, India".' }),
        latitude: z.number().meta({ description: 'Latitude in degrees (a number).' }),
        longitude: z.number().meta({ description: 'Longitude in degrees (a number).' }),
      })
      .meta({
        description: 'For developers: the regional tags for search engines (region code, place, latitude, longitude).',
        forDevelopers: true,
      }),
    logo: image.meta({ description: 'The logo: `src` (a file under content/images/) and `alt` (its description).' }),
    shareImage: z
      .strictObject({
        src: matching(
          /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.([Jj][Pp][Ee]?[Gg]|[Pp][Nn][Gg]|[Ww][Ee][Bb][Pp]|[Aa][Vv][Ii][Ff])$/,
          'A photo under content/images/ (.jpg, .png, .webp or .avif): sharing sites do not show SVG',
        ).meta({
          description: 'The photo’s file under content/images/, e.g. home/quick-enquiry.jpg (not SVG).',
          mediaFolder: 'content/images',
        }),
        alt: words.meta({ description: 'What the photo shows, in a sentence.' }),
      })
      .meta({
        description:
          'The picture a shared link shows (LinkedIn, WhatsApp, X) for a page without one of its own: a photo, not the SVG logo.',
        label: 'Picture for shared links',
      }),
    icon: z
      .strictObject({
        src: imageSrc,
        alt: z.string().default('').meta({ description: 'Optional: its description (the tab picture is decoration, so usually empty).' }),
      })
      .default({ src: 'brand/icon.svg', alt: '' })
      .meta({
        description:
          'Optional: the small square picture for the browser tab, also made into favicon.ico and the icon a phone saves to its home screen (default brand/icon.svg).',
        label: 'Browser tab icon',
      }),
  })
  .meta({ title: 'site.yaml', description: 'Who the company is: names, address, contact details, social pages, leaders and the logo.' })

// ---- products/*.yaml: one file per product line ----
const productCommon = {
  slug: productSlug.meta({
    description:
      'The product’s short name in lower-case letters, digits and dashes, e.g. green-chilli: its page is at /products/green-chilli and its file is green-chilli.yaml. It cannot be changed once the product is saved.',
    setOnce: true,
    label: 'Short name for the web address',
  }),
  name: words.meta({ description: 'The product’s name, e.g. "Black Pepper".' }),
  menuLabel: words.meta({ description: 'How menus, footer and forms name it, e.g. "Black Pepper (Kali Mirch)".', label: 'Name in menus' }),
  enquiryLabel: words.optional().meta({
    description: 'Optional: how the Contact form’s list of products names it (normally the name in menus).',
    label: 'Name in the contact form',
  }),
  order,
  path: sitePath.optional().meta({
    description:
      'Optional, for developers: the page’s address when it is not /products/ and the file name (three older pages keep theirs). To add an address, use the other addresses.',
    forDevelopers: true,
  }),
  aliases,
  summary,
  image: image.meta({
    description: 'The photo: `src` (e.g. products/clove.jpg, at least 1600 pixels wide) and `alt` (what the photo shows).',
  }),
  seo,
}

const listOf = <T extends z.ZodType>(items: T, description: string) => z.array(items).min(1).meta({ description })

const agroProduct = z
  .strictObject({
    kind: z.literal('agro').meta({ description: 'Always agro for a spice or agro product.' }),
    ...productCommon,
    formType: pageFormType,
    subtitle: words.meta({ description: 'The line under the product heading.' }),
    enquiryName: words.optional().meta({
      description: 'Optional, for developers: the product as named in the form heading, Looking for "…" ? (normally its name).',
      forDevelopers: true,
    }),
    facts: listOf(labelled, 'The facts grid beside the photo: `label` / `value` pairs, in the order shown.'),
    specifications: listOf(labelled, 'The Specifications table: `label` / `value` pairs.'),
    applications: listOf(titled, 'Product Applications: `title` / `text` pairs.'),
    packing: z
      .strictObject({
        packing: words.meta({ description: 'How it is packed.' }),
        storage: words.meta({ description: 'How to store it.' }),
        shelfLife: words.meta({ description: 'How long it keeps.' }),
      })
      .meta({ description: 'The Packing and Storage block.' }),
    explore: z.array(productRef).optional().meta({
      description:
        'Optional: the products under "Explore More Products" (their file names). Leave it out to show the seven that follow in menu order.',
      label: 'Explore more products',
    }),
    geoTagged: z
      .boolean()
      .default(false)
      .meta({ description: 'Optional, for developers: true adds the regional tags for search engines to this page.', forDevelopers: true }),
    grades: z
      .strictObject({
        heading: words.meta({ description: 'The block’s heading.' }),
        intro: words.optional().meta({ description: 'Optional: a line under the heading.' }),
        items: listOf(
          z.strictObject({
            name: words.meta({ description: 'The grade, e.g. "6 Suta".' }),
            priceUsd: z.number().positive().meta({ description: 'Indicative price in US dollars (a number, e.g. 23.17).' }),
            qualifier: z.enum(['under', 'from']).optional().meta({ description: 'Optional: under or from, read before the price.' }),
          }),
          'The grades with their prices.',
        ),
      })
      .optional()
      .meta({ description: 'Optional: grades with indicative prices (used by makhana).' }),
    qualityTiers: z
      .strictObject({
        heading: words.meta({ description: 'The block’s heading.' }),
        items: listOf(
          z.strictObject({
            name: words.meta({ description: 'The tier’s name.' }),
            grades: z.array(words).min(1).meta({ description: 'The grades in this tier, one per line.' }),
            text: words.optional().meta({ description: 'Optional: a sentence about the tier.' }),
          }),
          'The tiers.',
        ),
      })
      .optional()
      .meta({ description: 'Optional: quality tiers grouping the grades (used by makhana).' }),
    priceBands: z
      .strictObject({
        heading: words.meta({ description: 'The block’s heading.' }),
        items: listOf(
          z.strictObject({
            name: words.meta({ description: 'The band’s name.' }),
            range: words.meta({ description: 'The price range, e.g. "$15 to $20".' }),
            grades: z.array(words).default([]).meta({ description: 'Optional: the grades in this band, one per line.' }),
          }),
          'The bands.',
        ),
      })
      .optional()
      .meta({ description: 'Optional: price bands (used by makhana).' }),
    useCases: z
      .strictObject({
        heading: words.meta({ description: 'The block’s heading.' }),
        items: listOf(titled, 'The uses: `title` / `text` pairs.'),
      })
      .optional()
      .meta({ description: 'Optional: use cases (used by makhana).' }),
  })
  .meta({ title: 'An agro or spice product (kind: agro)' })

const graniteCollection = z
  .strictObject({
    kind: z.literal('graniteCollection').meta({ description: 'Always graniteCollection for the Granite Collection page.' }),
    ...productCommon,
    heading: words.meta({ description: 'The large heading at the top of the page.' }),
    intro: words.meta({ description: 'The line under it.' }),
    gridHeading: words.meta({ description: 'The heading above the grid of granite shades.' }),
  })
  .meta({ title: 'The Granite Collection (kind: graniteCollection)' })

export const productSchema = z
  .discriminatedUnion('kind', [agroProduct, graniteCollection])
  .meta({ title: 'products/<name>.yaml', description: 'One product line: kind agro (a spice or agro product) or graniteCollection.' })
  // What a file leaves out follows from its name.
  .transform((product) => {
    const path = product.path ?? productPath(product.slug)
    if (product.kind !== 'agro') return { ...product, path }
    return {
      ...product,
      path,
      formType: product.formType ?? enquiryFormType(product.slug),
      enquiryName: product.enquiryName ?? product.name,
    }
  })

// ---- granite/*.yaml: one file per shade, plus granite/_shared.yaml for what all shades share ----
export const graniteSharedSchema = z
  .strictObject({
    specifications: listOf(labelled, 'The facts every shade shares: `label` / `value` pairs.'),
    applications: listOf(titled, 'The uses every shade shares: `title` / `text` pairs.'),
    exploreHeading: words.meta({ description: 'The heading above the other shades at the foot of each shade page.' }),
  })
  .meta({ title: 'granite/_shared.yaml', description: 'What every granite shade page shows: change it here once.' })

export const graniteShadeSchema = z
  .strictObject({
    // What tells a shade from granite/_shared.yaml in the same folder: the browser editor lists the
    // folder's files whose kind is graniteShade (model/cms-config.ts).
    kind: z.literal('graniteShade').meta({ description: 'Always graniteShade for a granite shade page.' }),
    slug: matching(SHADE_SLUG, 'Letters, digits and single dashes, e.g. NeoGalaxy').max(SLUG_MAX, `At most ${SLUG_MAX} characters`).meta({
      description:
        'The shade’s short name, capitals allowed, e.g. NeoGalaxy: its page is at /products/granite/NeoGalaxy and its file is NeoGalaxy.yaml. It cannot be changed once the shade is saved.',
      setOnce: true,
      label: 'Short name for the web address',
    }),
    name: words.meta({ description: 'The full name, e.g. "Neo Galaxy Black".' }),
    shortName: words.meta({ description: 'The shorter name used on the Sitemap page, e.g. "Neo Galaxy".' }),
    order,
    path: sitePath.optional().meta({
      description: 'Optional, for developers: the page’s address when it is not /products/granite/ and the file name.',
      forDevelopers: true,
    }),
    aliases,
    formType: pageFormType,
    headline: words.meta({ description: 'The short line at the top of the page.' }),
    description: words.meta({ description: 'Two or three sentences about the shade.' }),
    summary,
    colours: z.array(colour).min(2).max(6).meta({
      description: '2 to 6 colour codes of the stone, darkest first, e.g. "#0c0c0e". They colour the page and its artwork.',
      label: 'Colours of the stone',
    }),
    specifications: z
      .array(labelled)
      .default([])
      .meta({ description: 'Optional: facts only this shade has (`label` / `value`), shown before the shared ones.' }),
    image: image.meta({ description: 'The photo: `src` (e.g. granite/NeoGalaxy.jpg) and `alt`.' }),
    seo,
  })
  .meta({ title: 'granite/<Name>.yaml', description: 'One granite shade.' })
  // What a file leaves out follows from its name.
  .transform((shade) => ({ ...shade, path: shade.path ?? shadePath(shade.slug), formType: shade.formType ?? enquiryFormType(shade.slug) }))

// ---- home.yaml ----
const productList = z
  .array(productRef)
  .min(1)
  .meta({ description: 'Products, by their file names in content/products/, in the order shown.' })
const homeList = (what: string) =>
  z
    .strictObject({
      heading: words.meta({ description: 'The heading.' }),
      intro: words.optional().meta({ description: 'Optional: a line under it.' }),
      products: productList,
    })
    .meta({ description: what })
export const homeSchema = z
  .strictObject({
    seo,
    carousel: z
      .strictObject({
        intervalMs: z
          .number()
          .int()
          .min(1000)
          .meta({ description: 'Time each slide shows, in thousandths of a second (5000 = 5 seconds).', label: 'Time per slide' }),
        slides: productList,
      })
      .meta({ description: 'The slideshow at the top.', label: 'Slideshow' }),
    latest: homeList('The "Latest Products" list.'),
    popular: homeList('The "Popular Products" list.'),
    quickEnquiry: z
      .strictObject({
        heading: words.meta({ description: 'The heading.' }),
        intro: words.meta({ description: 'The text under it.' }),
        image: image.meta({ description: 'The picture beside the form.' }),
      })
      .meta({ description: 'The Quick Enquiry box.' }),
  })
  .meta({ title: 'home.yaml', description: 'The home page: slideshow, product lists and the Quick Enquiry box.' })

// ---- pages.yaml: words and SEO of the screens that are not products ----
const page = <Extra extends z.core.$ZodShape = Record<never, never>>(defaultPath: string, what: string, extra: Extra = {} as Extra) =>
  z
    .strictObject({
      path: sitePath
        .default(defaultPath)
        .meta({ description: `Optional, for developers: the page’s address (default ${defaultPath}).`, forDevelopers: true }),
      seo,
      heading: words.meta({ description: 'The page heading.' }),
      intro: words.optional().meta({ description: 'Optional: the line under the heading.' }),
      ...extra,
    })
    .meta({ description: what })
const heading = (where: string) => words.meta({ description: `The heading ${where}.` })
export const pagesSchema = z
  .strictObject({
    products: page('/products', 'The Products list page.', {
      gridHeading: heading('above the product cards'),
      exportEnquiry: z
        .strictObject({ heading: heading('of the form'), intro: words.meta({ description: 'The text above the form.' }) })
        .meta({ description: 'The enquiry form for buyers who have not chosen a product.' }),
    }),
    about: page('/about', 'The About page.', {
      storyHeading: heading('above the company story'),
      leadersHeading: heading('above the leaders'),
      factsHeading: heading('above the company facts'),
      productsHeading: heading('above the product lines'),
    }),
    contact: page('/contact', 'The Contact page.', {
      detailsHeading: heading('above the company details'),
      whyChooseUs: z
        .strictObject({ heading: heading('of the block'), items: listOf(titled, 'The reasons: `title` / `text` pairs.') })
        .meta({ description: 'The "Why Choose Us" block.' }),
      formHeading: heading('of the enquiry form'),
    }),
    reviews: page('/testimonials', 'The Reviews page.', {
      listHeading: heading('above the reviews'),
      formHeading: heading('of the review form'),
      sidebarHeading: heading('of the rating summary'),
    }),
    sitemap: page('/sitemap', 'The Sitemap page.', {
      mainHeading: heading('above the main pages'),
      productsHeading: heading('above the products'),
      graniteHeading: heading('above the granite shades'),
    }),
    notFound: page('/404', 'The "page not found" page.'),
    thankYou: page('/thank-you', 'The page shown after an enquiry was sent.'),
    enquiryProblem: page('/enquiry-problem', 'The page listing what to fix in an enquiry sent without JavaScript.'),
  })
  .meta({ title: 'pages.yaml', description: 'Headings, short texts and search-engine titles of the pages that are not products.' })

// ---- navigation.yaml: the fixed links of header, footer and sitemap page (products are added from products/) ----
const navItem = z.strictObject({
  name: words.meta({ description: 'What visitors read.' }),
  path: sitePath.meta({ description: 'The page it opens, e.g. /about.' }),
})
const navList = (where: string, label?: string) =>
  z
    .array(navItem)
    .min(1)
    .meta({ description: `The links ${where}: \`name\` and \`path\`.`, ...(label ? { label } : {}) })
export const navigationSchema = z
  .strictObject({
    header: navList('of the header menu'),
    footerQuickLinks: navList('under "Quick Links" in the footer'),
    footerLegal: navList('to the legal pages in the footer'),
    sitemapMain: navList('under the main heading of the Sitemap page', 'Sitemap page links'),
  })
  .meta({
    title: 'navigation.yaml',
    description: 'The fixed links of the header, the footer and the Sitemap page. Product links are added automatically.',
  })

// ---- reviews.yaml ----
const starCount = (stars: number) =>
  z
    .number()
    .int()
    .min(0)
    .meta({ description: `How many ${stars}-star ratings.`, label: `${stars} stars` })
export const reviewsSchema = z
  .strictObject({
    distribution: z.strictObject({ 5: starCount(5), 4: starCount(4), 3: starCount(3), 2: starCount(2), 1: starCount(1) }).meta({
      description: 'How many ratings of 5, 4, 3, 2 and 1 stars; the total and the average are worked out from them.',
      label: 'Number of ratings',
    }),
    minBarPercent: z
      .number()
      .min(0)
      .max(100)
      .meta({ description: 'For developers: the smallest width of a rating bar, in percent.', forDevelopers: true }),
    reviews: z
      .array(
        z.strictObject({
          name: text.meta({ description: 'The reviewer’s name.' }),
          company: text.meta({ description: 'Their company and town.' }),
          product: words.meta({ description: 'The product reviewed.' }),
          rating: z.number().int().min(1).max(5).meta({ description: 'Stars, a whole number from 1 to 5.' }),
          date: isoDate.meta({ description: 'The date, written "YYYY-MM-DD".' }),
          text: words.meta({ description: 'The review.' }),
          verified: z.boolean().meta({ description: 'true for a confirmed buyer, otherwise false.' }),
        }),
      )
      .min(1)
      .meta({ description: 'The reviews shown, in order.' }),
  })
  .meta({ title: 'reviews.yaml', description: 'The Reviews page: rating counts and the reviews shown.' })

// ---- forms.yaml: choices and wording shared by the enquiry forms ----
const ACKNOWLEDGEMENT_PLACEHOLDERS = ['product', 'reference', 'replyTime']
/** Text whose {placeholders} are only the acknowledgement's. */
const placeholderText = z
  .string()
  .trim()
  .min(1)
  .superRefine((value, ctx) => {
    for (const [, name] of value.matchAll(/\{(\w*)\}/g)) {
      if (!ACKNOWLEDGEMENT_PLACEHOLDERS.includes(name!)) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown placeholder {${name}}: use ${ACKNOWLEDGEMENT_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`,
        })
      }
    }
  })
  .meta({ translate: true })
const dialCode = matching(/^[0-9]{1,4}$/, 'Digits only, without +, in quotes, e.g. "91"')
export const formsSchema = z
  .strictObject({
    dialCodes: z
      .array(
        z.strictObject({
          code: dialCode.meta({ description: 'The country code: digits only, without +, in quotes, e.g. "91".' }),
          country: words.meta({ description: 'The country’s name.' }),
        }),
      )
      .min(1)
      .meta({ description: 'The telephone country codes, in the order shown.', label: 'Telephone country codes' }),
    defaultDialCode: dialCode.meta({ description: 'The code chosen when a form opens, e.g. "91".', label: 'Country code chosen first' }),
    countries: z.array(words).min(1).meta({ description: 'The countries of the Quick Enquiry, in alphabetical order.' }),
    requirementPlaceholder: words.meta({ description: 'The example text in the empty requirement box.', label: 'Example requirement' }),
    containerPlaceholder: words.meta({ description: 'The example text in the empty container box.', label: 'Example container' }),
    acknowledgement: z
      .strictObject({
        subject: placeholderText.meta({
          description: 'The subject of the mail a buyer gets after sending an enquiry. May use {product}, {reference} and {replyTime}.',
        }),
        body: placeholderText
          .refine((body) => body.includes('{reference}'), 'Must contain {reference}, so the buyer can quote it.')
          .meta({
            description:
              'The mail’s text, in paragraphs separated by a blank line. {product} is the product asked about, {reference} the enquiry’s reference (required), {replyTime} the reply time below.',
          }),
        replyTime: words.meta({
          description: 'When the buyer can expect a reply, as it reads in the text, e.g. "within one working day".',
        }),
        anyProduct: words.meta({ description: 'What {product} reads when the buyer named no product, e.g. "our products".' }),
      })
      .meta({
        description:
          'The short mail each buyer gets after sending an enquiry (not a review), from the company’s address. Nothing the buyer typed is in it.',
      }),
  })
  .meta({ title: 'forms.yaml', description: 'Lists and example texts used by the enquiry forms and the acknowledgement mail.' })

// ---- legal/*.mdx front matter ----
export const legalSchema = z
  .strictObject({
    title: text.meta({ description: 'The page title.' }),
    path: sitePath.meta({ description: 'The page’s address, e.g. /PrivacyPolicy.' }),
    aliases,
    effective: isoDate.meta({ description: 'The date the text took effect, written "YYYY-MM-DD".', label: 'In effect from' }),
    updated: isoDate.meta({
      description: 'The date of the last change, written "YYYY-MM-DD". Set it when you change the words.',
      label: 'Last changed',
    }),
    seo,
  })
  .meta({ title: 'legal/*.mdx', description: 'The lines between the two `---` at the top of a legal text: its title, address and dates.' })

export type Site = z.infer<typeof siteSchema>
export type Language = z.infer<typeof language>
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
