// A translated page's form island fetches its words rather than carrying them (templates/lib/
// form-words.ts, templates/islands/Island.tsx): the page's markup is what it would be with every
// prop, the island's data-props holds only the page's own, and the file named in data-shared holds
// the rest, under a name that changes when any of it changes.
import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { loadContent } from '../../../model/load.ts'
import { QuickEnquiryForm } from '../../../templates/components/forms/QuickEnquiryForm.tsx'
import { Island } from '../../../templates/islands/Island.tsx'
import { formWords, formWordsFiles } from '../../../templates/lib/form-words.ts'
import { countryChoice, formLanguage, productChoice } from '../../../templates/lib/forms.ts'

const content = loadContent()
const arabic = content.translations!.find((c) => c.language.code === 'ar')!

/** The Quick Enquiry's props on the home page in a language, as templates/pages/home/+data.ts gives them. */
function quickProps(language: typeof content) {
  return {
    productChoice: productChoice(language, content),
    ...countryChoice(language, content),
    idPrefix: 'quick',
    labelledBy: 'quick-heading',
    language: formLanguage(language, 'quickEnquiry'),
  }
}

const attribute = (html: string, name: string) => {
  const value = new RegExp(` ${name}="([^"]*)"`).exec(html)?.[1]
  return value?.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&amp;', '&')
}

describe('a form island of a translated page', () => {
  test('renders with every prop, carries only its own, and names the file of the rest', () => {
    const props = quickProps(arabic)
    const shared = formWords(arabic, content, 'quickEnquiry').shared!
    const html = renderToString(<Island name="QuickEnquiryForm" component={QuickEnquiryForm} props={props} shared={shared} />)
    const whole = renderToString(<Island name="QuickEnquiryForm" component={QuickEnquiryForm} props={props} />)

    expect(JSON.parse(attribute(html, 'data-props')!)).toEqual({ idPrefix: 'quick', labelledBy: 'quick-heading' })
    expect(attribute(html, 'data-shared')).toMatch(/^\/assets\/words\/ar-quickEnquiry\.[\w-]{10}\.json$/)
    // The form itself is the same markup either way, in Arabic.
    const form = (s: string) => s.slice(s.indexOf('<form'))
    expect(form(html)).toBe(form(whole))
    expect(form(html)).toContain('<option value="United Arab Emirates">الإمارات العربية المتحدة</option>')

    // What the island puts together on waking (templates/islands/hydrate.ts) is every prop it rendered with.
    const file = formWordsFiles(content).find((f) => f.url === shared.url)!
    expect({ ...JSON.parse(attribute(html, 'data-props')!), ...JSON.parse(file.json) }).toEqual(JSON.parse(JSON.stringify(props)))
  })

  test('an English page carries its props as before and names no file', () => {
    expect(formWords(content, content, 'quickEnquiry').shared).toBeUndefined()
    const props = quickProps(content)
    const html = renderToString(<Island name="QuickEnquiryForm" component={QuickEnquiryForm} props={props} />)
    expect(html).not.toContain('data-shared')
    expect(JSON.parse(attribute(html, 'data-props')!)).toEqual(JSON.parse(JSON.stringify(props)))
  })
})

describe('the files of words', () => {
  test('one per other language and form, none for English', () => {
    const urls = formWordsFiles(content).map((f) => f.url.replace(/\.[\w-]{10}\.json$/, ''))
    const kinds = ['productEnquiry', 'exportEnquiry', 'quickEnquiry', 'contact', 'review', 'quoteRequest']
    expect(urls.sort()).toEqual(['ar', 'zh', 'es'].flatMap((code) => kinds.map((kind) => `/assets/words/${code}-${kind}`)).sort())
  })

  test('a word changed gives the file a new name, so no cached copy disagrees with the page', () => {
    const before = formWords(arabic, content, 'contact').shared!.url
    const changed = {
      ...arabic,
      ui: { ...arabic.ui, forms: { ...arabic.ui.forms, labels: { ...arabic.ui.forms.labels, name: 'الاسم الكامل' } } },
    }
    const after = formWords(changed, content, 'contact').shared!.url
    expect(after).not.toBe(before)
    expect(formWords(arabic, content, 'contact').shared!.url).toBe(before)
  })
})
