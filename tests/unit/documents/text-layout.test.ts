// How the spec sheets set a paragraph (build/documents/text-layout.ts): the font of each character,
// where lines break, and each line's runs in the order they are drawn, left to right, with Arabic
// handed to the shaper in logical order and Latin words and numbers inside Arabic kept left to right.
import { describe, expect, it } from 'vitest'
import { breakLines, breakPieces, facesOf, paragraphLevels, visualRuns } from '../../../build/documents/text-layout.ts'

const everyGlyph = () => true
const runsOf = (text: string, rtl: boolean, base: 'latin' | 'cjk' = 'latin') =>
  visualRuns(text, paragraphLevels(text, rtl), facesOf(text, base, everyGlyph), 0, text.length)

describe('the face of each character', () => {
  it('sets Arabic in the Arabic face, Chinese in the Chinese one, spaces and punctuation with the letter before', () => {
    expect(facesOf('حجم 6 mm', 'latin', everyGlyph)).toEqual(['arabic', 'arabic', 'arabic', 'arabic', 'latin', 'latin', 'latin', 'latin'])
    expect(facesOf('学名：Syzygium', 'cjk', everyGlyph).slice(0, 4)).toEqual(['cjk', 'cjk', 'cjk', 'cjk'])
  })

  it('gives a character to a face that has its glyph when the preferred one lacks it', () => {
    const latinLacksArrow = (face: string, code: number) => !(face === 'latin' && code === 0x2192)
    expect(facesOf('a → b', 'latin', latinLacksArrow)[2]).toBe('cjk')
  })
})

describe('lines', () => {
  // Every character 1 unit wide.
  const measure = (start: number, end: number) => end - start

  it('break at spaces, leaving the spaces out of the line', () => {
    const text = 'Whole and ground cloves'
    expect(breakLines(text, 10, measure).map(([s, e]) => text.slice(s, e))).toEqual(['Whole and', 'ground', 'cloves'])
  })

  it('break between Chinese characters, never before closing punctuation', () => {
    expect(breakPieces('整粒及粉末丁香，经清理')).toEqual(['整', '粒', '及', '粉', '末', '丁', '香，', '经', '清', '理'])
    const text = '整粒及粉末丁香，经清理'
    expect(breakLines(text, 4, measure).map(([s, e]) => text.slice(s, e))).toEqual(['整粒及粉', '末丁香，', '经清理'])
  })

  it('give a word wider than the line a line of its own', () => {
    const text = 'a https://www.neoagrogranite.com/products/clove b'
    expect(breakLines(text, 10, measure).map(([s, e]) => text.slice(s, e))).toEqual([
      'a',
      'https://www.neoagrogranite.com/products/clove',
      'b',
    ])
  })
})

describe('runs in the order they are drawn', () => {
  it('keep a left-to-right line as one run', () => {
    expect(runsOf('Moisture 10% max', false)).toEqual([{ text: 'Moisture 10% max', face: 'latin', rtl: false }])
  })

  it('put an Arabic line’s number at its visual place, left to right, and the Arabic in logical order for the shaper', () => {
    // "10% max" in Arabic: the number first in reading order, so rightmost; drawn left to right: the words, then 10%.
    expect(runsOf('10% كحد أقصى', true)).toEqual([
      { text: 'كحد أقصى', face: 'arabic', rtl: true },
      { text: ' ', face: 'latin', rtl: true },
      { text: '10%', face: 'latin', rtl: false },
    ])
  })

  it('mirror brackets around a Latin name in an Arabic sentence', () => {
    // Drawn left to right: منظف, " (" (the closing bracket, mirrored), the name, then "قرنفل )" which
    // fontkit reverses, its opening bracket mirrored: on the page "(Syzygium aromaticum)".
    const runs = runsOf('قرنفل (Syzygium aromaticum) منظف', true)
    expect(runs.map((r) => r.text)).toEqual(['منظف', ' (', 'Syzygium aromaticum', 'قرنفل )'])
    expect(runs.map((r) => r.rtl)).toEqual([true, true, false, true])
  })
})
