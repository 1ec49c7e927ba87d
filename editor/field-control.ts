// Every field of the editor's forms goes through this wrapper around Decap's own control, which adds:
// - the content check's message on the field it is about, when the local backend refused a save
//   (editor/refusals.ts) or a pull request's check failed (editor/pull-request-check.ts): shown as
//   Decap shows its own checks (red, over the field), and Publish held back until the field changes;
// - for a picture: its preview, read from where the file really is when Decap would look elsewhere
//   (it looks in the field's upload folder by the file's name alone, so the site settings' share
//   image home/quick-enquiry.jpg was looked for as brand/quick-enquiry.jpg: ENOENT, an empty
//   preview; editor/picture-source.ts), SVG drawings drawn (Decap hands them to the browser without
//   their type), and advice beside the picture when it is not a photo the site can use well (too
//   narrow, wrong kind of file).
// Decap calls the control's isValid, validate, focus, getValidateValue and shouldComponentUpdate
// (decap-cms-core's Widget.js, EditorControlPane.js, and the object and list widgets): each is passed
// on to the wrapped control.
import { narrowPhotoAdvice } from '../model/picture-advice.ts'
import type { ControlInstance, ControlProps, Immutable } from './decap.ts'

interface Wrapper extends ControlInstance {
  state: { advice?: string; assetVersion: number }
  setState(state: Partial<Wrapper['state']>): void
  inner?: ControlInstance
  problem?: { message: string; value: unknown }
  /** A message is on the field (for a group or a list, Decap's own check then runs again to remove it). */
  showing?: boolean
  unmounted?: boolean
  adviceRun?: number
  assetFor?: { from: ControlProps['getAsset']; version: number; patched: ControlProps['getAsset'] }
  validate(): void
  setInner(inner: ControlInstance | null): void
  pictureAsset(): ControlProps['getAsset']
  advise(tries?: number): void
}

/** The top-level fields of the form on screen. */
const mounted = new Set<Wrapper>()

/** The labels of a field's sub-fields along `path` (numbers are list items), for a message on the top field. */
function describe(field: Immutable, path: string[]): string {
  const words: string[] = []
  let current: Immutable | undefined = field
  for (const step of path) {
    if (/^\d+$/.test(step)) {
      words.push(`item ${Number(step) + 1}`)
      continue
    }
    const children = (current?.get('fields') ?? current?.get('field')) as { find?(f: (x: Immutable) => boolean): Immutable } | undefined
    const child: Immutable | undefined = children?.find
      ? children.find((f) => f.get('name') === step)
      : (children as Immutable | undefined)?.get?.('name') === step
        ? (children as Immutable)
        : undefined
    words.push(String(child?.get('label') ?? step))
    current = child
  }
  return words.join(' › ')
}

/**
 * Puts each message on the top-level field it names (`field.sub.0.name` → on `field`), and takes
 * earlier ones off; returns the messages no field on screen could take.
 */
export function showFieldProblems(problems: { field: string[]; message: string }[]): string[] {
  const byName = new Map<string, string[]>()
  for (const { field, message } of problems) {
    const [top = '', ...rest] = field
    byName.set(top, [...(byName.get(top) ?? []), rest.length > 0 ? `${rest.join('.')}\u0000${message}` : message])
  }
  const placed = new Set<string>()
  for (const control of mounted) {
    const name = String(control.props.field.get('name'))
    const messages = byName.get(name)
    if (!messages && !control.problem) continue
    if (messages) placed.add(name)
    control.problem = messages
      ? {
          message: messages
            .map((m) => {
              const [path, text] = m.includes('\u0000') ? m.split('\u0000') : ['', m]
              return path ? `${describe(control.props.field, path.split('.'))}: ${text}` : text
            })
            .join(' '),
          value: control.props.value,
        }
      : undefined
    control.validate()
  }
  return [...byName].filter(([name]) => !placed.has(name)).flatMap(([, messages]) => messages.map((m) => m.replace('\u0000', ': ')))
}

/** The folder part of a picture's key: home/quick-enquiry.jpg → home. */
const folderOf = (key: string) => (key.includes('/') ? key.slice(0, key.lastIndexOf('/')) : '')

/**
 * Where a picture Decap cannot find is read from instead (editor/picture-source.ts): its address, or
 * undefined when it cannot be read. Decap looks for a picture in the field's upload folder only
 * (decap-cms-core's selectMediaFilePath: the folder plus the file's name).
 */
let pictureSource: ((key: string) => Promise<string | undefined>) | undefined
const ownPictures = new Map<string, Promise<string | undefined>>()
/** The pictures read so far: their address ('' when they could not be read). */
const loaded = new Map<string, string>()
export function readPicturesFrom(source: (key: string) => Promise<string | undefined>): void {
  pictureSource = source
}

/** A typed copy of an SVG drawing's file, so the browser draws it (one per file Decap loaded). */
const drawings = new WeakMap<object, string>()
function drawable(asset: unknown, key: string): unknown {
  const file = (asset as { fileObj?: Blob } | undefined)?.fileObj
  if (!/\.svg$/i.test(key) || !file || file.type === 'image/svg+xml' || file.size === 0) return asset
  let url = drawings.get(file)
  if (!url) {
    url = URL.createObjectURL(new Blob([file], { type: 'image/svg+xml' }))
    drawings.set(file, url)
  }
  return url
}

/** Decap's stand-in while a picture loads (decap-cms-core's actions/media.ts, emptyAsset). */
const isLoading = (asset: unknown) => (asset as { path?: string } | undefined)?.path === 'empty.svg'

/** A list field that must have items (config.yml: not `required: false`) and has none. */
function emptyRequiredList(props: ControlProps): boolean {
  const { field, value } = props
  if (field.get('widget') !== 'list' || field.get('required') === false) return false
  const size = (value as { size?: number } | null | undefined)?.size ?? (Array.isArray(value) ? value.length : 0)
  return size === 0
}

/** Files the site's image build reads (model/check-images.ts). */
const PICTURE_FILE = /\.(jpe?g|png|webp|avif|svg)$/i

export function fieldControl(Inner: unknown, { picture = false } = {}): unknown {
  const h = window.h!
  return window.createClass!({
    getInitialState: () => ({ advice: undefined, assetVersion: 0 }),

    componentDidMount(this: Wrapper) {
      if ((this.props.parentIds ?? []).length === 0) mounted.add(this)
      if (picture) this.advise()
    },

    componentWillUnmount(this: Wrapper) {
      mounted.delete(this)
      this.unmounted = true
    },

    componentDidUpdate(this: Wrapper, previous: ControlProps) {
      if (this.problem && this.props.value !== this.problem.value) {
        this.problem = undefined
        this.validate()
      }
      if (picture && previous.value !== this.props.value) this.advise()
    },

    setInner(this: Wrapper, inner: ControlInstance | null) {
      this.inner = inner ?? undefined
    },

    isValid(this: Wrapper) {
      if (this.problem) return { error: { type: 'CUSTOM', message: this.problem.message } }
      return typeof this.inner?.isValid === 'function' ? this.inner.isValid() : true
    },

    validate(this: Wrapper) {
      const inner = this.inner
      if (typeof inner?.validate === 'function') {
        // A group or list checks its own fields; its own message needs Decap's check of the field itself.
        inner.validate()
        // An empty list: Decap's list control checks presence, then reports its item count as fine
        // (no items, no count to check), which wipes the "is required" off; a required list left empty
        // was sent to the backend. Decap's check of the field itself, run last, keeps it.
        if (this.problem || this.showing || emptyRequiredList(this.props)) this.props.validate()
      } else this.props.validate()
      this.showing = this.problem !== undefined
    },

    focus(this: Wrapper, path?: string) {
      if (typeof this.inner?.focus === 'function') this.inner.focus(path)
      else document.getElementById(this.props.forID)?.focus()
    },

    getValidateValue(this: Wrapper) {
      return this.inner?.getValidateValue?.()
    },

    shouldComponentUpdate(this: Wrapper, next: ControlProps, nextState?: Wrapper['state']) {
      if (nextState !== undefined && nextState !== this.state) return true
      const own = this.inner?.shouldComponentUpdate
      if (own) return own.call(this.inner, next)
      return (
        next.value !== this.props.value ||
        next.classNameWrapper !== this.props.classNameWrapper ||
        next.hasActiveStyle !== this.props.hasActiveStyle
      )
    },

    /**
     * Decap's getAsset, for a picture in another folder than the field's reading it from pictureSource;
     * a new function once such a picture is here, so the preview asks again and draws it.
     */
    pictureAsset(this: Wrapper) {
      const from = this.props.getAsset
      const version = this.state.assetVersion
      if (this.assetFor?.from !== from || this.assetFor.version !== version) {
        const patched: ControlProps['getAsset'] = (path, field) => {
          if (!pictureSource || folderOf(path) === String(field.get('public_folder') ?? '')) return drawable(from(path, field), path)
          // In another folder than the field's: read it ourselves; the preview asks again once it is here.
          const url = loaded.get(path)
          if (url !== undefined) return url
          let own = ownPictures.get(path)
          if (!own) {
            own = pictureSource(path)
              .catch(() => undefined)
              .then((read) => {
                loaded.set(path, read ?? '')
                return read
              })
            ownPictures.set(path, own)
          }
          void own.then(() => !this.unmounted && this.assetFor?.patched === patched && this.setState({ assetVersion: version + 1 }))
          return ''
        }
        this.assetFor = { from, version, patched }
      }
      return this.assetFor.patched
    },

    /** Says what is wrong with the chosen picture, once Decap has loaded it. */
    advise(this: Wrapper, tries = 0) {
      if (tries === 0) this.adviceRun = (this.adviceRun ?? 0) + 1
      const run = this.adviceRun
      const settle = (advice: string | undefined) => {
        if (!this.unmounted && run === this.adviceRun && advice !== this.state.advice) this.setState({ advice })
      }
      const key = typeof this.props.value === 'string' ? this.props.value : ''
      if (!key) return settle(undefined)
      if (!PICTURE_FILE.test(key)) {
        return settle('The site cannot use this kind of file: choose a JPEG, PNG, WebP or AVIF photo (or an SVG drawing).')
      }
      const asset = this.pictureAsset()(key, this.props.field)
      if (isLoading(asset) || (asset === '' && !loaded.has(key))) {
        // Decap is still loading it and says nothing when done: look again shortly (for 15 s at most).
        if (tries < 60) setTimeout(() => run === this.adviceRun && !this.unmounted && this.advise(tries + 1), 250)
        return
      }
      // Loaded: a new getAsset for the preview, which asks again and draws it.
      if (tries > 0 && !ownPictures.has(key)) this.setState({ assetVersion: this.state.assetVersion + 1 })
      if (/\.svg$/i.test(key)) return settle(undefined)
      if (asset === '') return settle('This picture cannot be found: choose it again.')
      const image = new Image()
      image.onload = () => {
        const advice = narrowPhotoAdvice(key, image.naturalWidth)
        settle(advice ? `This photo is ${image.naturalWidth} pixels wide: ${advice}. The site still builds with it.` : undefined)
      }
      image.onerror = () => settle('This file cannot be read as a picture: save the photo again as a JPEG, or choose another.')
      image.src = String(asset)
    },

    render(this: Wrapper) {
      const props: Record<string, unknown> = { ...this.props, ref: this.setInner }
      if (!picture) return h(Inner, props)
      props.getAsset = this.pictureAsset()
      const advice = this.state.advice
      return h(
        'div',
        null,
        h(Inner, props),
        advice
          ? h(
              'p',
              {
                role: 'status',
                className: 'picture-advice',
                style: {
                  margin: '8px 0 0',
                  padding: '8px 12px',
                  borderRadius: '4px',
                  background: '#fff4e5',
                  color: '#5c3b00',
                  font: '14px/1.45 system-ui, sans-serif',
                },
              },
              advice,
            )
          : null,
      )
    },
  })
}
