// content/granite/*.yaml: one file per shade, plus granite/_shared.yaml for what all shades share.
// How fields are described and what the descriptions become: model/schema.ts.
import { z } from 'zod'
import {
  matching,
  words,
  sitePath,
  SHADE_SLUG,
  SLUG_MAX,
  enquiryFormType,
  shadePath,
  pageFormType,
  colour,
  order,
  aliases,
  image,
  seo,
  labelled,
  titled,
  summary,
  listOf,
} from './fields.ts'

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

export type GraniteShared = z.infer<typeof graniteSharedSchema>
export type GraniteShade = z.infer<typeof graniteShadeSchema>
