// Names shared by the generated editor config (model/cms-config.ts) and the admin page's script
// (editor/cms-setup.ts), which registers what they name. Kept apart so the page does not bundle zod.
/** Decap formats registered by the admin page: the canonical YAML and MDX of model/canonical-yaml.ts. */
export const YAML_FORMAT = 'canonical-yaml'
export const FRONTMATTER_FORMAT = 'canonical-frontmatter'
/** The widget that shows a "given once" value (slug, form type) read-only on existing entries. */
export const SET_ONCE_WIDGET = 'set-once'
/** Where the live preview (`npm run dev`, `npm run edit`) serves content/images/<key> as it is (dev/preview/images.ts). */
export const PREVIEW_IMAGES_PREFIX = '/__preview/images/'
/** The settings files' translations: one files collection per language, `translations-ar` (model/cms-config.ts). */
export const TRANSLATIONS_COLLECTION_PREFIX = 'translations-'
