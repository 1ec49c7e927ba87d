// The forms' markup as renderToString produces it, read with the tests' HTML parser
// (tests/support/html.ts): elements by tag with their attributes and text, option texts, label texts.
import { attr, type Element as ParsedElement, elements as parsedElements, parseMarkup, text } from '../../support/html.ts'

export type Attributes = Record<string, string>
export interface Element {
  attrs: Attributes
  /** Text inside the element, tags left out ('' for an element that holds nothing, such as an input). */
  text: string
}

const CONTROLS = ['input', 'select', 'textarea']

const read = (element: ParsedElement): Element => ({
  attrs: Object.fromEntries(element.attrs.map(({ name, value }) => [name, value])),
  text: text(element),
})

/** Every element of a tag, in document order. */
export function elements(html: string, tag: string): Element[] {
  return parsedElements(parseMarkup(html), tag).map(read)
}

/** The control (not a radio button or a checkbox) with this name: an input, else a select, else a textarea. */
export function byName(html: string, name: string): Element & { tag: string } {
  const markup = parseMarkup(html)
  for (const tag of CONTROLS) {
    const [found] = parsedElements(markup, tag, (e) => attr(e, 'name') === name && !['radio', 'checkbox'].includes(attr(e, 'type') ?? ''))
    if (found) return { ...read(found), tag }
  }
  throw new Error(`No control named ${name}`)
}

/** The options of the first select with this name. */
export function options(html: string, selectName: string): Element[] {
  const [select] = parsedElements(parseMarkup(html), 'select', (s) => attr(s, 'name') === selectName)
  if (!select) throw new Error(`No select named ${selectName}`)
  return parsedElements(select, 'option').map(read)
}

/** The text of the label pointing at an id (its required star included). */
export function labelFor(html: string, id: string): string | undefined {
  return elements(html, 'label').find((l) => l.attrs.for === id)?.text
}

/** Names of the form's controls in document order (hidden ones included), each once. */
export function controlNames(html: string): string[] {
  const names = parsedElements(parseMarkup(html), '*')
    .filter((e) => CONTROLS.includes(e.tagName))
    .flatMap((e) => attr(e, 'name') ?? [])
  return [...new Set(names)]
}
