// content/home.yaml: the home page.
// How fields are described and what the descriptions become: model/schema.ts.
import { z } from 'zod'
import { words, productRef, image, seo } from './fields.ts'

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

export type Home = z.infer<typeof homeSchema>
