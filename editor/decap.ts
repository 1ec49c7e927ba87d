// What the editor page's script uses of Decap CMS's browser API (window.CMS and the React helpers its
// standalone bundle puts on window), typed here: the bundle ships no types.

/** An Immutable.js value as Decap hands it to widgets. */
export interface Immutable {
  get(key: string): unknown
  set(key: string, value: unknown): Immutable
}

/** The props Decap gives a widget's control (decap-cms-core's Widget.js passes them). */
export interface ControlProps {
  entry: Immutable
  field: Immutable
  value?: unknown
  forID: string
  classNameWrapper: string
  /** Ids of the enclosing list and object controls: empty for a field at the top of the form. */
  parentIds?: string[]
  onChange(value: unknown): void
  /** Runs Decap's checks of this field again (presence, pattern, and the control's isValid). */
  validate(): void
  getAsset(path: string, field: Immutable): unknown
  [key: string]: unknown
}

/** What Decap calls on a control's instance (decap-cms-core's Widget.js and EditorControlPane.js). */
export interface ControlInstance {
  props: ControlProps
  isValid?(): boolean | { error: false | { type: string; message: string } }
  validate?(): void
  focus?(path?: string): void
  getValidateValue?(): unknown
  shouldComponentUpdate?(next: Record<string, unknown>): boolean
}

export interface WidgetDefinition {
  control: unknown
  preview: unknown
  schema?: unknown
  [option: string]: unknown
}

export interface Decap {
  init(options: { config: Record<string, unknown> }): void
  registerCustomFormat(
    name: string,
    extension: string,
    format: { fromFile(text: string): unknown; toFile(data: unknown, sortedKeys?: string[]): string },
  ): void
  registerWidget(name: string | Record<string, unknown>, control?: unknown, preview?: unknown): void
  getWidget(name: string): WidgetDefinition | undefined
  registerRemarkPlugin(plugin: { settings: Record<string, unknown> }): void
  /** A backend by its name in config.yml (proxy, github): `init` makes an instance. */
  getBackend(name: string): { init(...args: unknown[]): object } | undefined
  registerBackend(name: string, backend: new (...args: unknown[]) => object): void
  /** The phrases of a language (decap-cms-locales), and new ones for it (replacing the old). */
  getLocale(locale: string): object | undefined
  registerLocale(locale: string, phrases: object): void
}

declare global {
  interface Window {
    CMS_MANUAL_INIT?: boolean
    CMS?: Decap
    h?: (type: unknown, props: unknown, ...children: unknown[]) => unknown
    createClass?: (spec: Record<string, unknown>) => unknown
  }
}
