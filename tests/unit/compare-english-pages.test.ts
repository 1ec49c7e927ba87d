// tools/compare-english-pages.ts takes out exactly what the languages add to an English page (the
// alternates, og:locale:alternate, the switcher and its lang- CSS rules) and nothing else.
import { describe, expect, it } from 'vitest'
import { withoutLanguageAdditions } from '../../tools/compare-english-pages.ts'

const before =
  '<html lang="en"><head><style>.a{color:red}@media (min-width:768px){.b{display:block}}</style>' +
  '<link rel="canonical" href="https://x/"/><meta property="og:locale" content="en_IN"/></head>' +
  '<body><header><a class="brand" href="/">x</a><nav class="nav-desktop"></nav><details class="nav-mobile"><nav class="nav-mobile-panel"><ul><li><a href="/">Home</a></li></ul></nav></details></header></body></html>'

const after =
  '<html lang="en"><head><style>.a{color:red}@media (min-width:768px){.b{display:block}.lang-switch{display:block}.header-bar:has(>.lang-switch)>.nav-desktop{margin-inline-start:auto}}.lang-code{display:none}@media (min-width:768px) and (max-width:1023px){.lang-switch .lang-code{display:inline}}</style>' +
  '<link rel="canonical" href="https://x/"/><link rel="alternate" hrefLang="en" href="https://x/"/><link rel="alternate" hrefLang="x-default" href="https://x/"/><meta property="og:locale" content="en_IN"/><meta property="og:locale:alternate" content="ar_AE"/></head>' +
  '<body><header><a class="brand" href="/">x</a><nav class="nav-desktop"></nav><nav class="lang-switch" aria-label="Language"><details><summary>English</summary><ul class="lang-switch-list"><li><a href="/ar">العربية</a></li></ul></details></nav><details class="nav-mobile"><nav class="nav-mobile-panel"><ul><li><a href="/">Home</a></li></ul><ul class="lang-list" aria-label="Language"><li><a href="/ar">العربية</a></li></ul></nav></details></header></body></html>'

describe('the English pages comparison', () => {
  it('takes out the alternates, the switcher and its rules, and leaves the page as it was', () => {
    expect(withoutLanguageAdditions(after)).toBe(before)
  })

  it('leaves any other change in place', () => {
    expect(withoutLanguageAdditions(after.replace('href="/">Home', 'href="/en">Home'))).not.toBe(before)
    expect(withoutLanguageAdditions(after.replace('.a{color:red}', '.a{color:blue}'))).not.toBe(before)
    expect(withoutLanguageAdditions(after.replace('<html lang="en">', '<html lang="en" dir="ltr">'))).not.toBe(before)
  })
})
