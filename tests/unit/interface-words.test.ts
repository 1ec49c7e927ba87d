// The page templates write no English of their own: every word a visitor sees or hears comes from
// the content, the interface words of content/interface.yaml (content.ui) among them, so that a
// translation of the content translates the page. This reads the templates' source (TypeScript's
// parser) and lists every visible text written in code: JSX text, a string given to an attribute
// or prop that is not a technical one (class names, addresses, roles…), a string a JSX expression
// shows, and words given as the name, label or heading of an object a page builds. The forms
// (templates/components/forms, the i18n of the forms' own words) and the owner's inbox (English
// only) are not pages' templates here.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { paths } from '../../project/paths.ts'

const SCANNED = ['templates/pages', 'templates/components']
// The forms' islands (the quotation's among them) fall back to English words when a page gives them
// none (an English page): their words are checked by tests/unit/forms/form-words.test.tsx instead.
const SKIPPED = [
  /^templates\/components\/forms\//,
  /^templates\/components\/quote\/QuoteForm\.tsx$/,
  /^templates\/pages\/inbox/,
  /^templates\/inbox\//,
]

/** Attributes and props whose strings are for the machine, never read by a visitor. */
const TECHNICAL_ATTRIBUTES = new Set([
  'className',
  'id',
  'key',
  'href',
  'src',
  'srcSet',
  'sizes',
  'media',
  'type',
  'rel',
  'target',
  'role',
  'dir',
  'lang',
  'name',
  'charSet',
  'property',
  'dateTime',
  'scope',
  'viewBox',
  'fill',
  'd',
  'preserveAspectRatio',
  'focusable',
  'fetchPriority',
  'loading',
  'decoding',
  'as',
  'method',
  'action',
  'autoComplete',
  'inputMode',
  'aria-current',
  'aria-live',
  'aria-hidden',
  'aria-labelledby',
  'aria-describedby',
  'aria-controls',
  'htmlFor',
  'headingLevel',
  'variant',
  'idPrefix',
  'labelledBy',
  'portraitMedia',
  'rx',
])
/** Keys of object literals whose string values are words a page shows. */
const WORD_KEYS = new Set([
  'name',
  'label',
  'heading',
  'title',
  'text',
  'caption',
  'alt',
  'intro',
  'eyebrow',
  'cta',
  'value',
  'description',
])

/** Deliberate exceptions: the file, the text as written, and why it stays in code. */
const ALLOWED: { file: string; text: string; reason: string }[] = [
  {
    file: 'templates/components/PreviewBanner.tsx',
    text: 'Preview',
    reason: 'A preview build is for the staff reviewing a change (templates/lib/preview.ts), never for visitors: English only.',
  },
  { file: 'templates/components/Document.tsx', text: 'noindex', reason: 'A robots directive, not words.' },
  { file: 'templates/components/Document.tsx', text: 'summary_large_image', reason: 'A Twitter card type, not words.' },
  { file: 'templates/components/Document.tsx', text: 'width=device-width, initial-scale=1', reason: 'The viewport setting, not words.' },
  {
    file: 'templates/components/Document.tsx',
    text: 'noindex, follow',
    reason: 'A robots directive, not words (a page not offered in its language).',
  },
]

interface Finding {
  file: string
  line: number
  text: string
}

/** Letters, but a colour (#8a3a12) is no words. */
const hasLetters = (s: string) => /\p{L}/u.test(s) && !/^#[0-9a-f]{3,8}$/i.test(s)

/** The literal parts of a string or template literal (a template's ${…} parts are not written in code). */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('…')
  return undefined
}

/** The strings an expression can evaluate to, as written: through ?:, ||, ?? and &&, parentheses and templates. */
function shownStrings(node: ts.Expression): ts.Node[] {
  if (ts.isParenthesizedExpression(node)) return shownStrings(node.expression)
  if (ts.isConditionalExpression(node)) return [...shownStrings(node.whenTrue), ...shownStrings(node.whenFalse)]
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken)
      return [...shownStrings(node.left), ...shownStrings(node.right)]
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return shownStrings(node.right)
    if (op === ts.SyntaxKind.PlusToken) return [...shownStrings(node.left), ...shownStrings(node.right)]
    return []
  }
  return literalText(node) === undefined ? [] : [node]
}

/** Every visible English text written in code in one template's source. */
function englishInCode(file: string, source: string): Finding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: Finding[] = []
  const add = (node: ts.Node, text: string) => {
    const cleaned = text.replace(/\s+/g, ' ').trim()
    if (!hasLetters(cleaned)) return
    found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text: cleaned })
  }
  const addShown = (expression: ts.Expression) => {
    for (const s of shownStrings(expression)) add(s, literalText(s)!)
  }
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) add(node, node.text)
    else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) addShown(node.expression)
    else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(sf)
      if (!TECHNICAL_ATTRIBUTES.has(name) && !name.startsWith('data-')) {
        if (ts.isStringLiteral(node.initializer)) add(node.initializer, node.initializer.text)
        else if (ts.isJsxExpression(node.initializer) && node.initializer.expression) addShown(node.initializer.expression)
      }
    } else if (ts.isPropertyAssignment(node) && WORD_KEYS.has(node.name.getText(sf).replace(/['"]/g, ''))) addShown(node.initializer)
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return found
}

function templateFiles(): string[] {
  return SCANNED.flatMap((dir) =>
    readdirSync(join(paths.root, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
      .map((e) => relative(paths.root, join(e.parentPath, e.name)).split('\\').join('/'))
      .filter((file) => !SKIPPED.some((re) => re.test(file))),
  )
}

describe('the page templates', () => {
  it('write no visible English of their own: their words come from content (content/interface.yaml for the interface)', () => {
    const files = templateFiles()
    expect(files).toContain('templates/components/Header.tsx')
    expect(files).toContain('templates/pages/home/+Page.tsx')
    expect(files.some((f) => f.includes('/forms/') || f.includes('inbox'))).toBe(false)
    const found = files
      .flatMap((file) => englishInCode(file, readFileSync(join(paths.root, file), 'utf8')))
      .filter((f) => !ALLOWED.some((a) => a.file === f.file && a.text === f.text))
    expect(found.map((f) => `${f.file}:${f.line} ${JSON.stringify(f.text)}`)).toEqual([])
  })

  it('keep every exception of the allow-list in use, each with its reason', () => {
    for (const a of ALLOWED) {
      expect(a.reason.length, a.text).toBeGreaterThan(10)
      const source = readFileSync(join(paths.root, a.file), 'utf8')
      expect(
        englishInCode(a.file, source).map((f) => f.text),
        `${a.file}: ${a.text}`,
      ).toContain(a.text)
    }
  })

  it('find English in each place it hides: JSX text, text attributes and props, shown expressions, word keys', () => {
    const source = `
      export const A = () => (
        <section aria-label="Our products" className="carousel" data-x="y">
          <h2>Quick Links</h2>
          <Card cta="View product" name="arrow" />
          <img alt={\`\${name} — home\`} src="/a.svg" />
          <p>{cond ? 'Under ' : ''}{price}</p>
          <p>{\`Looking for "\${name}" ?\`}</p>
          <p>{words.ok} · {x === 'under' ? words.a : words.b}</p>
        </section>
      )
      const trail = [{ name: 'Home', path: '/' }, { name: ui.home, path: '/' }]
    `
    expect(englishInCode('x.tsx', source).map((f) => f.text)).toEqual([
      'Our products',
      'Quick Links',
      'View product',
      '… — home',
      'Under',
      'Looking for "…" ?',
      'Home',
    ])
  })
})
