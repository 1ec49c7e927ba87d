// Just enough HTML reading for the markup renderToString produces: elements by tag with their
// attributes, option texts, label texts. The forms' markup is flat and regular, so no parser is needed.
export type Attributes = Record<string, string>
export interface Element {
  attrs: Attributes
  /** Text inside the element, tags removed (only for elements with a closing tag). */
  text: string
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

function parseAttributes(source: string): Attributes {
  const attrs: Attributes = {}
  for (const match of source.matchAll(/([^\s=/>]+)(?:="([^"]*)")?/g)) {
    attrs[(match[1] ?? '').toLowerCase()] = decode(match[2] ?? '')
  }
  return attrs
}

const VOID = new Set(['input', 'br', 'img', 'hr', 'meta', 'link'])

/** Every element of a tag, in document order. Elements of the same tag must not nest (true here). */
export function elements(html: string, tag: string): Element[] {
  const pattern = VOID.has(tag) ? new RegExp(`<${tag}\\b([^>]*?)/?>`, 'g') : new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, 'g')
  return [...html.matchAll(pattern)].map((m) => ({
    attrs: parseAttributes(m[1] ?? ''),
    text: decode((m[2] ?? '').replace(/<[^>]*>/g, '')),
  }))
}

export function byName(html: string, name: string): Element & { tag: string } {
  for (const tag of ['input', 'select', 'textarea']) {
    const found = elements(html, tag).find((e) => e.attrs.name === name && e.attrs.type !== 'radio' && e.attrs.type !== 'checkbox')
    if (found) return { ...found, tag }
  }
  throw new Error(`No control named ${name}`)
}

/** The inner HTML of the first select with this name. */
export function selectInner(html: string, name: string): string {
  const m = html.match(new RegExp(`<select\\b[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`))
  if (!m) throw new Error(`No select named ${name}`)
  return m[1] ?? ''
}

export function options(html: string, selectName: string): Element[] {
  return elements(selectInner(html, selectName), 'option')
}

/** The text of the label pointing at an id (its required star included). */
export function labelFor(html: string, id: string): string | undefined {
  return elements(html, 'label').find((l) => l.attrs.for === id)?.text
}

/** Names of the form's controls in document order (hidden ones included), each once. */
export function controlNames(html: string): string[] {
  const names: string[] = []
  for (const m of html.matchAll(/<(input|select|textarea)\b([^>]*?)\/?>/g)) {
    const name = parseAttributes(m[2] ?? '').name
    if (name && !names.includes(name)) names.push(name)
  }
  return names
}
