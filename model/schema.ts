// The whole content model: every collection the site is built from, with its schema, one file per
// collection under model/schemas/ (site.ts, product.ts, …; fields.ts holds the blocks they share).
// Types are inferred from the schemas, so a field added here is a field the templates can use.
//
// The schemas are also the one place where fields are explained. Each `.meta({ description })` is:
// - the hover help of editors that read the generated JSON Schemas (schemas/, `npm run schemas`),
// - the field reference at the end of content/README.md (generated from the same descriptions),
// - the hint of the browser editor, whose configuration is generated from these schemas.
// Descriptions and labels are written for the staff who edit the site, in plain words. Settings
// staff cannot know (the site's address, a page's formType) are marked `forDevelopers`: they stay
// in the files and out of the browser editor, and those a new entry leaves out follow from its name.
// Every object is strict: a key that is not declared in its schema is an error ("did you mean …?"), never
// silently dropped. Regexes are written without flags, because JSON Schema patterns have none.
export {
  capitalisedSlug,
  enquiryFormType,
  formType,
  type ImageRef,
  lowerCaseSlug,
  PRODUCT_SLUG,
  productPath,
  SHADE_SLUG,
  type Seo,
  shadePath,
  sitePath,
  words,
} from './schemas/fields.ts'
export { type Forms, formsSchema } from './schemas/forms.ts'
export { type GraniteShade, type GraniteShared, graniteShadeSchema, graniteSharedSchema } from './schemas/granite.ts'
export { type Home, homeSchema } from './schemas/home.ts'
export { type LegalMeta, legalSchema } from './schemas/legal.ts'
export { type Navigation, type NavItem, navigationSchema } from './schemas/navigation.ts'
export { type Pages, pagesSchema } from './schemas/pages.ts'
export { type AgroProduct, type GraniteCollection, type Product, productSchema } from './schemas/product.ts'
export { type Reviews, reviewsSchema } from './schemas/reviews.ts'
export { type Language, type Site, siteSchema } from './schemas/site.ts'
