// The one way a text's placeholders are filled, everywhere: the interface words of the pages
// (content/interface.yaml, "{product} at a glance"), the forms' messages ("Please enter {field}."),
// the mails and the inbox's reply templates ("Dear {name}"). A placeholder is a name in braces;
// one without a value stays as written. No imports: the browser's form code uses it too.

/** The placeholders of a text: `{name}`, a name of letters, digits and underscores. */
const PLACEHOLDER = /\{(\w+)\}/g

/** The text with each {name} replaced by its value; a placeholder without a value stays as written. */
export function fillIn(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole))
}

/** The text cut at its placeholders, each with a value replaced by it (which may be markup: a
 * `<time>`, a link), as the pieces of one fragment. */
export function fillInPieces<T>(template: string, values: Readonly<Record<string, T>>): (string | T)[] {
  const pieces: (string | T)[] = []
  let at = 0
  for (const match of template.matchAll(PLACEHOLDER)) {
    const [whole, name] = match
    if (!Object.hasOwn(values, name!)) continue
    if (match.index > at) pieces.push(template.slice(at, match.index))
    pieces.push(values[name!]!)
    at = match.index + whole.length
  }
  if (at < template.length) pieces.push(template.slice(at))
  return pieces
}
