// The editor page's own script, run before Decap CMS (bundled by editor/bundle.ts). It:
// - asks Decap to wait (CMS_MANUAL_INIT), loads the generated config.yml once and starts Decap with it;
// - registers the canonical YAML and MDX formats (model/canonical-yaml.ts), so a file saved here
//   looks exactly like one formatted by `npm run format:content`, and tells the rich-text box the same
//   Markdown marks (model/canonical-markdown.ts), which it then shows in its raw mode;
// - registers the "set-once" widget: a slug or form type is typed for a new entry, read-only after;
// - wraps every field's control (editor/field-control.ts): the content check's messages on the fields
//   when a save is refused (editor/refusals.ts), pictures previewed and advised on;
// - gives every text box dir="auto", so Arabic typed in it reads right to left (editor/text-direction.ts);
// - says a refused or failed save in plain words, without Decap's "Failed to persist entry: API_ERROR:"
//   (editor/readable-errors.ts);
// - in the live preview, shows the content check's problems (file, line, field) on top of the editor;
//   on the live site, a pull request's failed content check (editor/pull-request-check.ts).
import {
  canonicalFrontmatter,
  canonicalYaml,
  type KeyOrder,
  orderFromFields,
  type OrderedField,
  parseFrontmatter,
  parseYaml,
} from '../model/canonical-yaml.ts'
import { MARKDOWN_MARKS } from '../model/canonical-markdown.ts'
import { FRONTMATTER_FORMAT, SET_ONCE_WIDGET, TRANSLATIONS_COLLECTION_PREFIX, YAML_FORMAT } from '../model/cms-names.ts'
import type { Decap, Immutable } from './decap.ts'
import { defaultLocalePaths, withDefaultLocalePaths } from './default-locale-paths.ts'
import { fieldControl, readPicturesFrom } from './field-control.ts'
import { pictureSourceFor } from './picture-source.ts'
import { problemBox } from './problem-box.ts'
import { plainFailureNotices, withReadableErrors } from './readable-errors.ts'
import { type PullRequestCheckOptions, watchPullRequestChecks } from './pull-request-check.ts'
import { watchRefusals } from './refusals.ts'
import { typeInAnyDirection } from './text-direction.ts'

interface WidgetProps {
  entry: Immutable
  value?: string
  forID: string
  classNameWrapper: string
  [key: string]: unknown
}

window.CMS_MANUAL_INIT = true

type Fields = (OrderedField & Record<string, unknown>)[]
interface Collection {
  name: string
  fields?: Fields
  files?: { name: string; fields: Fields }[]
}

/** The key order of the file Decap is saving, found by its top-level field names (Decap passes them). */
function orderLookup(collections: Collection[]): (sortedKeys: string[] | undefined) => KeyOrder | undefined {
  const orders = new Map<string, KeyOrder>()
  for (const c of collections) {
    for (const fields of [c.fields, ...(c.files ?? []).map((f) => f.fields)]) {
      if (fields) orders.set(fields.map((f) => f.name).join('\n'), orderFromFields(fields))
    }
  }
  return (sortedKeys) => (sortedKeys ? orders.get(sortedKeys.join('\n')) : undefined)
}

function registerFormats(cms: Decap, collections: Collection[]): void {
  const orderFor = orderLookup(collections)
  // The settings files' translations (Translations — العربية), by their top-level field names: their
  // file exists and stays, `{}` when everything in it was emptied (an empty file is refused by the check).
  const settingsTranslations = new Set(
    collections
      .filter((c) => c.name.startsWith(TRANSLATIONS_COLLECTION_PREFIX))
      .flatMap((c) => (c.files ?? []).map((f) => f.fields.map((field) => field.name).join('\n'))),
  )
  cms.registerCustomFormat(YAML_FORMAT, 'yaml', {
    fromFile: (text) => parseYaml(text) ?? {},
    // Nothing to write (a language never opened: Decap still hands its empty data over) is no file:
    // Decap writes no file for an empty text, so no clove.zh.yaml holding `{}` appears beside clove.ar.yaml.
    toFile: (data, sortedKeys) => {
      const text = canonicalYaml(data, orderFor(sortedKeys))
      const written = parseYaml(text)
      const empty = written && typeof written === 'object' && Object.keys(written).length === 0
      if (!empty) return text
      return sortedKeys && settingsTranslations.has(sortedKeys.join('\n')) ? '{}\n' : ''
    },
  })
  cms.registerCustomFormat(FRONTMATTER_FORMAT, 'mdx', {
    fromFile: (text) => parseFrontmatter(text),
    toFile: (data, sortedKeys) => canonicalFrontmatter(data as Record<string, unknown>, orderFor(sortedKeys?.filter((k) => k !== 'body'))),
  })
}

function registerSetOnce(cms: Decap): void {
  const h = window.h!
  const string = cms.getWidget('string')!
  const control = window.createClass!({
    render(this: { props: WidgetProps }) {
      const { entry, value, forID, classNameWrapper } = this.props
      if (entry.get('newRecord')) return h(string.control, this.props)
      return h('input', {
        id: forID,
        className: classNameWrapper,
        value: value ?? '',
        readOnly: true,
        'aria-readonly': 'true',
        // Looks fixed, not merely unresponsive: greyed like Decap's disabled controls.
        style: { background: '#eff0f4', color: '#5e6575', cursor: 'not-allowed' },
        title: 'Given when the entry was created; it cannot be changed here.',
      })
    },
  })
  cms.registerWidget(SET_ONCE_WIDGET, control, string.preview)
}

/** The widgets the generated config uses (model/cms-config.ts), each wrapped by editor/field-control.ts. */
const WRAPPED = ['string', 'text', 'number', 'boolean', 'select', 'datetime', 'relation', 'markdown', 'list', 'object', SET_ONCE_WIDGET]

function wrapControls(cms: Decap): void {
  for (const name of [...WRAPPED, 'image']) {
    const widget = cms.getWidget(name)
    if (!widget) continue
    const { control, preview, ...options } = widget
    cms.registerWidget({
      ...options,
      name,
      controlComponent: fieldControl(control, { picture: name === 'image' }),
      previewComponent: preview,
    })
  }
}

/**
 * The backend under another name: its failed saves and deletes read as staff's words
 * (editor/readable-errors.ts), and with the content in several languages (config.yml's `i18n`) it
 * reads and writes the English files by their plain names (editor/default-locale-paths.ts).
 */
function siteBackend(cms: Decap, config: Record<string, unknown> & { collections: Collection[] }): Record<string, unknown> {
  const i18n = config.i18n as { locales: string[]; default_locale: string } | undefined
  const backend = config.backend as { name: string }
  const original = cms.getBackend(backend.name)
  if (!original) return backend
  const translated = config.collections as (Collection & { folder?: string; extension?: string; i18n?: unknown })[]
  const folders = [...new Set(translated.filter((c) => c.i18n && c.folder).map((c) => c.folder!))]
  const paths = i18n ? defaultLocalePaths(folders, 'yaml', i18n.default_locale, i18n.locales) : undefined
  const name = `${backend.name}-site`
  cms.registerBackend(
    name,
    class {
      constructor(...args: unknown[]) {
        const instance = original!.init(...args)
        // biome-ignore lint/correctness/noConstructorReturn: the instance is the wrapped backend's
        return withReadableErrors(paths ? withDefaultLocalePaths(instance, paths) : instance)
      }
    },
  )
  return { ...backend, name }
}

/** The live preview's content check, shown over the editor while the content has problems. */
function watchProblems(): void {
  const box = problemBox('content-problems')
  let stopped = false
  const poll = async () => {
    if (stopped) return
    try {
      const response = await fetch('/admin/content-problems.json', { cache: 'no-store' })
      if (response.status === 404) {
        stopped = true
        return
      }
      const { errors } = (await response.json()) as { errors: string[] }
      box.show(errors.length > 0 ? `The site cannot be built until this is fixed:\n${errors.join('\n')}` : undefined)
    } catch {
      // The preview restarting: try again at the next tick.
    }
    setTimeout(poll, 1500)
  }
  void poll()
}

async function start(): Promise<void> {
  const cms = window.CMS
  if (!cms) throw new Error('Decap CMS did not load')
  const response = await fetch('/admin/config.yml', { cache: 'no-store' })
  const config = parseYaml(await response.text()) as Record<string, unknown> & { collections: Collection[] }
  registerFormats(cms, config.collections)
  registerSetOnce(cms)
  cms.registerRemarkPlugin({ settings: { ...MARKDOWN_MARKS } })
  wrapControls(cms)
  const backend = config.backend as { name?: string; proxy_url?: string }
  if (backend.name === 'proxy' && backend.proxy_url) watchRefusals(backend.proxy_url)
  const pictures = pictureSourceFor(backend, String(config.media_folder ?? ''))
  if (pictures) readPicturesFrom(pictures)
  // The header's link to the site names it by its address (the editor is served by the site's own server).
  // Decap opens the second language beside the English unless told otherwise (its preference
  // cms.right-pane, in the browser's storage): the editor opens as it always has, English only, and
  // its "Toggle i18n" button shows the other languages beside it (Decap then remembers the choice).
  if (config.i18n && localStorage.getItem('cms.right-pane') === null) localStorage.setItem('cms.right-pane', 'none')
  plainFailureNotices(cms)
  const editing = siteBackend(cms, config)
  typeInAnyDirection()
  cms.init({ config: { ...config, backend: editing, display_url: window.location.origin, load_config_file: false } })
  if (backend.name === 'github') {
    const github = config.backend as { repo: string; branch?: string; api_root?: string }
    watchPullRequestChecks({
      apiRoot: (github.api_root ?? 'https://api.github.com').replace(/\/+$/, ''),
      repo: github.repo,
      branch: github.branch ?? 'main',
      collections: config.collections as PullRequestCheckOptions['collections'],
      box: problemBox('pull-request-check'),
    })
  } else watchProblems()
}

document.addEventListener('DOMContentLoaded', () => {
  start().catch((error: unknown) => {
    document.body.textContent = `The editor could not start: ${error instanceof Error ? error.message : String(error)}`
  })
})
