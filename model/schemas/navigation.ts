// content/navigation.yaml: the fixed links of header, footer and sitemap page (products are added from products/).
// How fields are described and what the descriptions become: model/schema.ts.
import { z } from 'zod'
import { words, sitePath } from './fields.ts'

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

export type Navigation = z.infer<typeof navigationSchema>
export type NavItem = z.infer<typeof navItem>
