// Every collection the site is built from, declared once: where its files live, its schema
// (model/schema.ts) and how the browser editor offers it. The loader (model/load.ts), the JSON
// Schemas and the field reference of content/README.md (model/json-schemas.ts) and the editor's
// configuration (model/cms-config.ts) all read this list, in this order.
import type { z } from 'zod'
import {
  capitalisedSlug,
  formsSchema,
  graniteShadeSchema,
  graniteSharedSchema,
  homeSchema,
  legalSchema,
  lowerCaseSlug,
  navigationSchema,
  PRODUCT_SLUG,
  pagesSchema,
  productSchema,
  reviewsSchema,
  SHADE_SLUG,
  siteSchema,
} from './schema.ts'
import { interfaceSchema } from './schemas/interface.ts'

/** One file, e.g. site.yaml: a "Site settings" entry in the editor. */
export interface FileCollection<S extends z.ZodType = z.ZodType> {
  type: 'file'
  /** Its name for schemas/<name>.schema.json and the editor. */
  name: string
  schema: S
  /** Under content/. */
  file: string
  editor: {
    label: string
    /** Where a picture chosen in the editor is stored: content/images/<imageFolder>/ (default brand). */
    imageFolder?: string
  }
}

/** One entry per file of a folder, named by its slug: products/clove.yaml. */
export interface FolderCollection<S extends z.ZodType = z.ZodType> {
  type: 'folder'
  name: string
  schema: S
  /** Under content/. Files starting with _ or . are not entries (granite/_shared.yaml). */
  folder: string
  /** The shape of a file name (the slug), and how to make one from a name, for "rename it to …". */
  slug: { pattern: RegExp; from(name: string): string }
  editor: { imageFolder: string; lists: readonly EditorList[] }
}

/** MDX texts whose front matter is the entry: legal/privacy.mdx. */
export interface FrontMatterCollection<S extends z.ZodType = z.ZodType> {
  type: 'frontMatter'
  name: string
  schema: S
  folder: string
  editor: { imageFolder?: string; lists: readonly EditorList[] }
}

/** A list of entries in the editor's sidebar; a folder of several kinds shows one list per kind. */
export interface EditorList {
  /** Its address in the editor: /admin/#/collections/<name>. */
  name: string
  label: string
  labelSingular: string
  description: string
  /** Only entries of this `kind` (and new entries get it). */
  kind?: string
  /** Staff may add entries (default true). */
  create?: boolean
}

export type Collection = FileCollection | FolderCollection | FrontMatterCollection

const file = <S extends z.ZodType>(name: string, file: string, schema: S, editor: FileCollection['editor']): FileCollection<S> => ({
  type: 'file',
  name,
  schema,
  file,
  editor,
})
const folder = <S extends z.ZodType>(
  name: string,
  folder: string,
  schema: S,
  slug: FolderCollection['slug'],
  editor: FolderCollection['editor'],
): FolderCollection<S> => ({ type: 'folder', name, schema, folder, slug, editor })
const frontMatter = <S extends z.ZodType>(
  name: string,
  folder: string,
  schema: S,
  editor: FrontMatterCollection['editor'],
): FrontMatterCollection<S> => ({ type: 'frontMatter', name, schema, folder, editor })

export const collections = {
  site: file('site', 'site.yaml', siteSchema, { label: 'Company and contact details' }),
  navigation: file('navigation', 'navigation.yaml', navigationSchema, { label: 'Menus and footer links' }),
  home: file('home', 'home.yaml', homeSchema, { label: 'Home page', imageFolder: 'home' }),
  pages: file('pages', 'pages.yaml', pagesSchema, { label: 'Page headings and search titles' }),
  products: folder(
    'product',
    'products',
    productSchema,
    { pattern: PRODUCT_SLUG, from: lowerCaseSlug },
    {
      imageFolder: 'products',
      lists: [
        {
          name: 'products',
          label: 'Spice and agro products',
          labelSingular: 'product',
          description:
            'One page per product (content/products/). A new product appears in the products list, the menus and the contact form.',
          kind: 'agro',
        },
        {
          name: 'granite-collection',
          label: 'Granite Collection page',
          labelSingular: 'granite collection page',
          description: 'The Granite Collection product page (content/products/granite.yaml).',
          kind: 'graniteCollection',
          create: false,
        },
      ],
    },
  ),
  graniteShades: folder(
    'granite-shade',
    'granite',
    graniteShadeSchema,
    { pattern: SHADE_SLUG, from: capitalisedSlug },
    {
      imageFolder: 'granite',
      lists: [
        {
          name: 'granite-shades',
          label: 'Granite shades',
          labelSingular: 'granite shade',
          description: 'One page per granite shade (content/granite/). What all shades share is under Site settings → Granite: shared.',
          // granite/_shared.yaml lives in the same folder but is no shade: it has no kind.
          kind: 'graniteShade',
        },
      ],
    },
  ),
  graniteShared: file('granite-shared', 'granite/_shared.yaml', graniteSharedSchema, {
    label: 'Granite: shared by all shades',
    imageFolder: 'granite',
  }),
  reviews: file('reviews', 'reviews.yaml', reviewsSchema, { label: 'Reviews and ratings' }),
  forms: file('forms', 'forms.yaml', formsSchema, { label: 'Enquiry form choices' }),
  ui: file('ui', 'interface.yaml', interfaceSchema, { label: 'Interface words (buttons, headings, notices)' }),
  legal: frontMatter('legal', 'legal', legalSchema, {
    lists: [
      {
        name: 'legal',
        label: 'Legal texts',
        labelSingular: 'legal text',
        description: 'The privacy policy and the terms (content/legal/). Set "Last changed" when you change the text.',
      },
    ],
  }),
}

export type Collections = typeof collections
