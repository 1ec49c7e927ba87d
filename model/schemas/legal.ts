// content/legal/*.mdx: the front matter of a legal text.
// How fields are described and what the descriptions become: model/schema.ts.
import { z } from 'zod'
import { text, sitePath, isoDate, aliases, seo } from './fields.ts'

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

export type LegalMeta = z.infer<typeof legalSchema>
