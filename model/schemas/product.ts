// content/products/*.yaml: one file per product line.
// How fields are described and what the descriptions become: model/schema.ts.
import { z } from 'zod'
import {
  words,
  sitePath,
  productSlug,
  enquiryFormType,
  productPath,
  productRef,
  pageFormType,
  order,
  aliases,
  image,
  seo,
  labelled,
  titled,
  summary,
  listOf,
} from './fields.ts'

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

export type Product = z.infer<typeof productSchema>
export type AgroProduct = Extract<Product, { kind: 'agro' }>
export type GraniteCollection = Extract<Product, { kind: 'graniteCollection' }>
