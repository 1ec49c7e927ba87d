// content/pages.yaml: words and SEO of the screens that are not products.
// How fields are described and what the descriptions become: model/schema.ts.
import { z } from 'zod'
import { words, sitePath, seo, titled, listOf } from './fields.ts'

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
    quote: page('/quote', 'The quotation page: the products a buyer chose, each with a quantity, and the buyer’s details.'),
    thankYou: page('/thank-you', 'The page shown after an enquiry was sent.'),
    enquiryProblem: page('/enquiry-problem', 'The page listing what to fix in an enquiry sent without JavaScript.'),
  })
  .meta({ title: 'pages.yaml', description: 'Headings, short texts and search-engine titles of the pages that are not products.' })

export type Pages = z.infer<typeof pagesSchema>
