// Every stylesheet lays the page out by logical directions (margin-inline-start, inset-inline-end,
// text-align: start, border-start-end-radius…), so a page mirrors as a whole under dir="rtl". A
// physical left or right stays only where it must not mirror, or where CSS has no logical form (a
// gradient's direction, a shadow's offset), and then the comment right before it starts with
// "physical:" and says why. This scan holds that rule as the CSS grows.
import fs from 'node:fs'
import path from 'node:path'
import postcss, { type Declaration } from 'postcss'
import { describe, expect, it } from 'vitest'
import { paths } from '../../project/paths.ts'

/** Shorthands whose four-value form is top, right, bottom, left. */
const FOUR_SIDES = /^(margin|padding|inset|scroll-margin|scroll-padding|border-width|border-style|border-color)$/
/** Shadows, and the tokens that hold one (--shadow-lg). */
const SHADOWS = /^(box-shadow|text-shadow|--.*shadow.*)$/
const WORD_LEFT_OR_RIGHT = /(^|[^\w-])(left|right)([^\w-]|$)/

/** What is physical about one declaration, if anything. */
function physicalIn(decl: Pick<Declaration, 'prop' | 'value'>): string | undefined {
  const prop = decl.prop.toLowerCase()
  // Quoted text and url()s (an inline SVG's markup) are not directions.
  const value = decl.value.replace(/url\([^)]*\)/gi, 'url()').replace(/"[^"]*"|'[^']*'/g, '""')
  if (!prop.startsWith('--') && /(^|-)(left|right)(-|$)/.test(prop)) return `property ${prop}`
  if (WORD_LEFT_OR_RIGHT.test(value)) return `value ${value}`
  const words = postcss.list.space(value)
  if (FOUR_SIDES.test(prop) && words.length === 4 && words[1] !== words[3])
    return `${prop} with a different right (${words[1]}) and left (${words[3]})`
  if (prop === 'border-radius') {
    for (const part of postcss.list.split(value, ['/'], false)) {
      const [tl, tr = tl, br = tl, bl = tr] = postcss.list.space(part)
      if (tl !== tr || br !== bl) return `border-radius ${value}, whose corners differ from left to right`
    }
  }
  if (/^(transform|translate)$/.test(prop)) {
    const x = prop === 'translate' ? words[0] : /translate(?:X|3d)?\(\s*([^,)\s]+)/i.exec(value)?.[1]
    if (x !== undefined && !isZero(x)) return `${prop} ${value}, which moves sideways`
  }
  if (SHADOWS.test(prop)) {
    for (const shadow of postcss.list.comma(value)) {
      const offsetX = postcss.list.space(shadow).find((w) => w !== 'inset' && isLength(w))
      if (offsetX !== undefined && !isZero(offsetX)) return `${prop} ${shadow}, offset sideways`
    }
  }
  const angle = /linear-gradient\(\s*(-?[\d.]+)deg/i.exec(value)?.[1]
  if (angle !== undefined && Number(angle) % 180 !== 0) return `a gradient at ${angle}deg, which runs sideways`
  return undefined
}

const isZero = (word: string) => /^[-+]?0*\.?0*([a-z%]+)?$/i.test(word)
/** A number or a calculation; a var() alone may hold a whole shadow, and its token is checked where it is set. */
const isLength = (word: string) => /^[-+]?[\d.]+([a-z%]+)?$/i.test(word) || /^(calc|min|max|clamp)\(/i.test(word)

/** Each physical declaration of a stylesheet that no "physical:" comment right before it explains. */
function unexplainedPhysical(css: string, from: string): string[] {
  const found: string[] = []
  postcss.parse(css, { from }).walkDecls((decl) => {
    const why = physicalIn(decl)
    if (!why) return
    const before = decl.prev()
    if (before?.type === 'comment' && /^physical:\s*\S/i.test(before.text)) return
    found.push(`${path.relative(paths.root, from)}:${decl.source?.start?.line} ${decl.prop}: ${decl.value} (${why})`)
  })
  return found
}

function stylesheets(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name.startsWith('.') || ['node_modules', 'dist'].includes(entry.name) ? [] : stylesheets(file)
    return entry.name.endsWith('.css') ? [file] : []
  })
}

describe('stylesheets lay out by logical directions', () => {
  it('finds each kind of physical direction, and lets a "physical:" comment keep one', () => {
    const scan = (css: string) => unexplainedPhysical(css, path.join(paths.root, 'x.css')).map((line) => line.split(' (')[0])
    expect(
      scan(`a {
        margin-left: 1rem; right: 0; border-top-right-radius: 4px; text-align: left; float: right;
        padding: 0 1rem 0 2rem; inset: 0 auto 0 0; border-radius: 4px 0 0 4px; border-radius: 4px 4px 0 0 / 2px 0;
        transform: translateX(4px); translate: -2px 0; box-shadow: inset 4px 0 0 red, 0 1px 2px black;
        background: linear-gradient(to right, red, blue); --towards: left; mask-image: linear-gradient(90deg, red, blue); --shadow-x: 2px 1px red;
      }`),
    ).toEqual([
      'x.css:2 margin-left: 1rem',
      'x.css:2 right: 0',
      'x.css:2 border-top-right-radius: 4px',
      'x.css:2 text-align: left',
      'x.css:2 float: right',
      'x.css:3 padding: 0 1rem 0 2rem',
      'x.css:3 inset: 0 auto 0 0',
      'x.css:3 border-radius: 4px 0 0 4px',
      'x.css:3 border-radius: 4px 4px 0 0 / 2px 0',
      'x.css:4 transform: translateX(4px)',
      'x.css:4 translate: -2px 0',
      'x.css:4 box-shadow: inset 4px 0 0 red, 0 1px 2px black',
      'x.css:5 background: linear-gradient(to right, red, blue)',
      'x.css:5 --towards: left',
      'x.css:5 mask-image: linear-gradient(90deg, red, blue)',
      'x.css:5 --shadow-x: 2px 1px red',
    ])
    // Logical, vertical or symmetric: nothing to say.
    expect(
      scan(`a {
        margin-inline-start: 1rem; inset-inline-end: 0; border-start-end-radius: 4px; text-align: start; float: inline-end;
        padding: 0 1rem 0 1rem; margin: var(--space-6) auto 0; inset: 0 0 auto; border-radius: 4px 4px 0 0;
        transform: translateY(4px) scaleX(-1); translate: 0 -2px; box-shadow: inset 0 0 0 1px red, 0 1px 8px rgb(0 0 0 / 0.04);
        background: linear-gradient(180deg, red, blue); mask-image: url("data:image/svg+xml,%3Csvg x='left'%3E");
        content: "right"; --ink-left-over: red; top: 0; margin-bottom: 1rem; box-shadow: var(--shadow); --shadow: 0 1px 2px red;
      }`),
    ).toEqual([])
    expect(scan('a {\n  /* physical: a reason */\n  left: 0;\n  /* a comment that gives none */\n  right: 0;\n}')).toEqual([
      'x.css:5 right: 0',
    ])
  })

  it('in every stylesheet of the site, each physical direction is a commented exception', () => {
    const files = stylesheets(paths.root)
    expect(files.map((f) => path.relative(paths.root, f))).toContain('templates/styles/global.css')
    const found = files.flatMap((file) => unexplainedPhysical(fs.readFileSync(file, 'utf8'), file))
    expect(
      found,
      'Use the logical form (margin-inline-start, inset-inline-end, text-align: start, border-start-end-radius…), or, where the ' +
        'direction must stay physical, say why in a comment right before the declaration that starts with "physical:"',
    ).toEqual([])
  })
})
