// Inlining a page's stylesheets (build/inline-css.ts): only what survives the move from a
// stylesheet's address to the page's is inlined.
import { describe, expect, it } from 'vitest'
import { inlineStylesheetsOf, RELATIVE_URL } from '../../build/inline-css.ts'

describe('inlining stylesheets', () => {
  it('tells relative url()s, which would break once inlined, from those that do not depend on the address', () => {
    for (const css of ['a{background:url(img.png)}', "a{mask:url('../star.svg')}", 'a{mask:url( "star.svg" )}'])
      expect(RELATIVE_URL.test(css), css).toBe(true)
    for (const css of [
      `a{mask:url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'%3E%3C/svg%3E")}`,
      "a{mask:url('data:image/png;base64,AAAA')}",
      'a{background:url(/img/a.png)}',
      'a{background:url("https://example.com/a.png")}',
      'a{filter:url(#shadow)}',
    ])
      expect(RELATIVE_URL.test(css), css).toBe(false)
  })

  it('puts the CSS in the page, and refuses a stylesheet with a relative url()', () => {
    const page = '<html><head><link rel="stylesheet" href="/a.css"></head><body></body></html>'
    expect(inlineStylesheetsOf(page, () => 'a{mask:url("data:image/svg+xml,x")}')).toContain(
      '<style>a{mask:url("data:image/svg+xml,x")}</style>',
    )
    expect(() => inlineStylesheetsOf(page, () => 'a{mask:url("star.svg")}', '/reviews')).toThrow(
      '/reviews: /a.css has a relative url(), which would break once inlined',
    )
  })
})
