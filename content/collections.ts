// Every collection the site is built from, declared once: where its files live, its schema
// (content/schema.ts) and how the browser editor offers it. The loader (content/load.ts), the JSON
// Schemas and the field reference of content/README.md (content/json-schemas.ts) and the editor's
// configuration (content/cms-config.ts) all read this list, in this order.
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

export const collections = {
  site: {
    type: 'file',
    name: 'site',
    schema: siteSchema,
    file: 'site.yaml',
    editor: { label: 'Company and contact details' },
  },
  navigation: {
    type: 'file',
    name: 'navigation',
    schema: navigationSchema,
    file: 'navigation.yaml',
    editor: { label: 'Menus and footer links' },
  },
  home: { type: 'file', name: 'home', schema: homeSchema, file: 'home.yaml', editor: { label: 'Home page', imageFolder: 'home' } },
  pages: { type: 'file', name: 'pages', schema: pagesSchema, file: 'pages.yaml', editor: { label: 'Page headings and search titles' } },
  products: {
    type: 'folder',
    name: 'product',
    schema: productSchema,
    folder: 'products',
    slug: { pattern: PRODUCT_SLUG, from: lowerCaseSlug },
    editor: {
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
  },
  graniteShades: {
    type: 'folder',
    name: 'granite-shade',
    schema: graniteShadeSchema,
    folder: 'granite',
    slug: { pattern: SHADE_SLUG, from: capitalisedSlug },
    editor: {
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
  },
  graniteShared: {
    type: 'file',
    name: 'granite-shared',
    schema: graniteSharedSchema,
    file: 'granite/_shared.yaml',
    editor: { label: 'Granite: shared by all shades', imageFolder: 'granite' },
  },
  reviews: { type: 'file', name: 'reviews', schema: reviewsSchema, file: 'reviews.yaml', editor: { label: 'Reviews and ratings' } },
  forms: { type: 'file', name: 'forms', schema: formsSchema, file: 'forms.yaml', editor: { label: 'Enquiry form choices' } },
  legal: {
    type: 'frontMatter',
    name: 'legal',
    schema: legalSchema,
    folder: 'legal',
    editor: {
      lists: [
        {
          name: 'legal',
          label: 'Legal texts',
          labelSingular: 'legal text',
          description: 'The privacy policy and the terms (content/legal/). Set "Updated" when you change the text.',
        },
      ],
    },
  },
} as const satisfies Record<string, Collection>

export type Collections = typeof collections
