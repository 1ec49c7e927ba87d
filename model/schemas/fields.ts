// The building blocks the collections' schemas share: words, addresses, slugs, pictures, search-engine
// fields. How fields are described and what the descriptions become: model/schema.ts.
import { z } from 'zod'
import { FORM_TYPE, SITE_PATH } from '../../project/site-manifest.ts'

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
export function matching(regex: RegExp, message: string) {
  // JSON Schema patterns have no flags: a /i regex would be exported case-sensitive.
  if (regex.flags !== '') throw new Error(`${regex}: write the pattern without flags (it is exported to JSON Schema)`)
  return z.string().regex(regex, message).meta({ patternErrorMessage: message })
}

export const text = z.string().trim().min(1, 'Must not be empty')
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
export const SLUG_MAX = 50
export const productSlug = matching(PRODUCT_SLUG, 'Use lower-case letters, digits and single dashes, e.g. green-chilli').max(
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
export const productRef = productSlug.meta({
  description: 'A product, by its file name in content/products/ without .yaml.',
  references: 'products',
})
export const formType = matching(FORM_TYPE, 'Letters, digits and _ only, starting with a letter, e.g. GreenChilliEnquiry').meta({
  description:
    'The name the page’s enquiries are filed under in the mailbox, e.g. CloveEnquiry. Each page has its own. Do not change it once the page is live.',
  setOnce: true,
})
/** A page's formType, made from its file name when none is written (the older pages keep theirs). */
export const pageFormType = formType.optional().meta({
  description:
    'Optional, for developers: the name the page’s enquiries are filed under in the mailbox. Left out, it is made from the file name (green-chilli: GreenChilliEnquiry); the older pages keep theirs. Never change it once the page is live.',
  forDevelopers: true,
})
export const colour = matching(/^#[0-9a-fA-F]{6}$/, 'A colour such as #5a3b2e')
export const url = z.url({ message: 'A full web address, starting with https://' })
export const isoDate = z.iso.date({ message: 'A date written as YYYY-MM-DD, in quotes, e.g. "2026-01-15"' })
export const order = z.number().int().meta({ description: 'Position in menus and lists: 1 comes first.', label: 'Position' })
export const aliases = z.array(sitePath).default([]).meta({
  description: 'Optional: other addresses that lead to this page, e.g. an old one (/products/cardomon): visitors who use them are sent on.',
  label: 'Other addresses',
})

/** An image stored under content/images/, e.g. products/clove.jpg */
export const imageSrc = matching(
  /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.([Jj][Pp][Ee]?[Gg]|[Pp][Nn][Gg]|[Ww][Ee][Bb][Pp]|[Aa][Vv][Ii][Ff]|[Ss][Vv][Gg])$/,
  'A picture file under content/images/, e.g. products/clove.jpg (letters, digits, - and _; ending .jpg, .png, .webp, .avif or .svg)',
).meta({
  description: 'The picture’s file under content/images/, e.g. products/clove.jpg. Letter case must match the file name exactly.',
  mediaFolder: 'content/images',
  label: 'Picture file',
})
export const image = z
  .strictObject({
    src: imageSrc,
    alt: words.meta({
      description: 'What the picture shows, in a sentence: read aloud to blind visitors and used by search engines.',
      label: 'What the picture shows',
    }),
  })
  .meta({ description: 'A picture: its file (`src`) and its description (`alt`).' })
export const seo = z
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
export const labelled = z.strictObject({
  label: words.meta({ description: 'The name of the fact, e.g. "Moisture".' }),
  value: words.meta({ description: 'Its value, e.g. "10% max".' }),
})
export const titled = z.strictObject({
  title: words.meta({ description: 'The short heading of the item.' }),
  text: words.meta({ description: 'A sentence or two under it.' }),
})
export const summary = words
  .max(200, 'Keep the summary under 200 characters')
  .meta({ description: 'A short description for cards (at most 200 characters).' })
export const listOf = <T extends z.ZodType>(items: T, description: string) => z.array(items).min(1).meta({ description })

export type ImageRef = z.infer<typeof image>
export type Seo = z.infer<typeof seo>
