// The form islands' words: an English page's are the catalogue's English, only those its form
// shows, written into each form at build time (`english`, forms/field-views.ts: so an English page's
// script carries no whole catalogue), or given by a translated page (FormLanguage). Given the whole
// catalogue's English, a form renders exactly as with its own English words, apart from the hidden
// language field a translated page adds (so no form shows a word its `english` lacks); given other
// words, it shows those and posts the page's language.
import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { browserCheckMessages } from '../../../forms/derive-rules.ts'
import { GRANITE_PRODUCT_LABEL } from '../../../forms/schemas.ts'
import { englishWords } from '../../../forms/field-views.ts'
import { englishFormMessages, englishForms } from '../../../project/english-forms.ts'
import { ContactForm } from '../../../templates/components/forms/ContactForm.tsx'
import { EnquiryForm } from '../../../templates/components/forms/EnquiryForm.tsx'
import { QuickEnquiryForm } from '../../../templates/components/forms/QuickEnquiryForm.tsx'
import { ReviewForm } from '../../../templates/components/forms/ReviewForm.tsx'
import type { FormLanguage, FormWords } from '../../../templates/components/forms/text.ts'
import { COUNTRIES, CONTAINER_PLACEHOLDER, DIAL_CODES, GRANITES, PRODUCTS } from '../../fixtures/form-options.ts'
import { byName, elements } from './markup.ts'

const { outcomes: _outcomes, fields: _fields, checks: _checks, server: _server, ...catalogueWords } = englishForms()
const choice = { kind: 'select' as const, options: PRODUCTS }
const search = { kind: 'search' as const, listUrl: '/product-choices.json', count: 120 }

const forms = {
  productEnquiry: (language?: FormLanguage) =>
    renderToString(
      <EnquiryForm
        formType="CloveEnquiry"
        dialCodes={DIAL_CODES}
        requirementPlaceholder="req"
        containerPlaceholder={CONTAINER_PLACEHOLDER}
        idPrefix="e"
        {...(language ? { language } : {})}
      />,
    ),
  exportEnquiry: (language?: FormLanguage) =>
    renderToString(
      <EnquiryForm
        formType="ExportEnquiry"
        variant="export"
        productChoice={search}
        dialCodes={DIAL_CODES}
        requirementPlaceholder="req"
        containerPlaceholder="c"
        idPrefix="x"
        {...(language ? { language } : {})}
      />,
    ),
  quickEnquiry: (language?: FormLanguage) =>
    renderToString(<QuickEnquiryForm productChoice={choice} countries={COUNTRIES} idPrefix="q" {...(language ? { language } : {})} />),
  contact: (language?: FormLanguage) =>
    renderToString(
      <ContactForm
        productChoice={choice}
        graniteLabel={GRANITE_PRODUCT_LABEL}
        graniteOptions={GRANITES}
        idPrefix="c"
        {...(language ? { language } : {})}
      />,
    ),
  review: (language?: FormLanguage) =>
    renderToString(<ReviewForm productChoice={choice} idPrefix="r" {...(language ? { language } : {})} />),
}

const as = (code: string, text: FormWords, kind: keyof typeof forms): FormLanguage => ({
  code,
  text,
  checks: browserCheckMessages(kind, englishFormMessages()),
  submit: englishWords(kind).submit,
})
const LANGUAGE_INPUT = /<input type="hidden" name="language" value="[a-z]+"\/>/

describe('a form island given words', () => {
  test.each(Object.keys(forms) as (keyof typeof forms)[])('%s: the whole catalogue’s English renders as its own English words', (kind) => {
    const own = forms[kind]()
    const given = forms[kind](as('en', catalogueWords, kind))
    expect(given).toMatch(LANGUAGE_INPUT)
    expect(given.replace(LANGUAGE_INPUT, '')).toBe(own)
  })

  test('other words are shown, and the page’s language is posted', () => {
    const arabic: FormWords = {
      ...catalogueWords,
      labels: { ...catalogueWords.labels, name: 'الاسم', rating: 'التقييم' },
      choices: {
        ...catalogueWords.choices,
        likes: { Response: 'الاستجابة', Quality: 'الجودة', Delivery: 'التسليم' },
        stars: '{count} نجوم',
      },
      requiredNote: 'الحقول المعلّمة بـ {asterisk} مطلوبة.',
      asterisk: 'بنجمة',
      buttons: { ...catalogueWords.buttons, submitReview: 'إرسال التقييم' },
    }
    const html = forms.review(as('ar', arabic, 'review'))
    expect(byName(html, 'language').attrs).toMatchObject({ type: 'hidden', value: 'ar' })
    expect(html).toContain('>الاسم<')
    expect(html).toContain('الحقول المعلّمة بـ <span aria-hidden="true">*</span><span class="form__sr-only">بنجمة</span> مطلوبة.')
    expect(html).toContain('3 نجوم')
    expect(html).toContain('<span>الجودة</span>')
    // The value sent stays English.
    expect(elements(html, 'input').find((i) => i.attrs.name === 'likes' && i.attrs.value === 'Quality')).toBeDefined()
    expect(elements(html, 'button')[0]?.text).toBe('إرسال التقييم')
    const searchHint = forms.exportEnquiry(as('ar', { ...catalogueWords, productSearchHint: 'ابحث في {count} منتجًا' }, 'exportEnquiry'))
    expect(searchHint).toContain('ابحث في 120 منتجًا')
  })
})
