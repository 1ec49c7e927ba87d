// The form islands' words: written out in English in each form (so an English page's script
// carries no catalogue), or given by a translated page (FormLanguage). Given the catalogue's
// English, a form renders exactly as with its own English, apart from the hidden language field a
// translated page adds; given other words, it shows those and posts the page's language.
import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { browserCheckMessages } from '../../../forms/derive-rules.ts'
import { GRANITE_PRODUCT_LABEL } from '../../../forms/schemas.ts'
import { ENGLISH_FORM_MESSAGES } from '../../../project/form-messages.ts'
import { ContactForm } from '../../../templates/components/forms/ContactForm.tsx'
import { EnquiryForm } from '../../../templates/components/forms/EnquiryForm.tsx'
import { QuickEnquiryForm } from '../../../templates/components/forms/QuickEnquiryForm.tsx'
import { ReviewForm } from '../../../templates/components/forms/ReviewForm.tsx'
import { CONTACT_MESSAGES, QUICK_ENQUIRY_MESSAGES, SHARED_MESSAGES } from '../../../templates/components/forms/submit.ts'
import { ENGLISH_FORM_TEXT, type FormLanguage, type FormWords } from '../../../templates/components/forms/text.ts'
import { COUNTRIES, CONTAINER_PLACEHOLDER, DIAL_CODES, GRANITES, PRODUCTS } from '../../fixtures/form-options.ts'
import { byName, elements } from './markup.ts'

const { outcomes: _outcomes, ...englishWords } = ENGLISH_FORM_TEXT
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
const submit = {
  productEnquiry: SHARED_MESSAGES,
  exportEnquiry: SHARED_MESSAGES,
  quickEnquiry: QUICK_ENQUIRY_MESSAGES,
  contact: CONTACT_MESSAGES,
  review: SHARED_MESSAGES,
}

const as = (code: string, text: FormWords, kind: keyof typeof forms): FormLanguage => ({
  code,
  text,
  checks: browserCheckMessages(kind, ENGLISH_FORM_MESSAGES),
  submit: submit[kind],
})
const LANGUAGE_INPUT = /<input type="hidden" name="language" value="[a-z]+"\/>/

describe('a form island given words', () => {
  test.each(Object.keys(forms) as (keyof typeof forms)[])('%s: the catalogue’s English renders as the built-in English', (kind) => {
    const own = forms[kind]()
    const given = forms[kind](as('en', englishWords, kind))
    expect(given).toMatch(LANGUAGE_INPUT)
    expect(given.replace(LANGUAGE_INPUT, '')).toBe(own)
  })

  test('other words are shown, and the page’s language is posted', () => {
    const arabic: FormWords = {
      ...englishWords,
      labels: { ...englishWords.labels, name: 'الاسم', rating: 'التقييم' },
      choices: { ...englishWords.choices, likes: { Response: 'الاستجابة', Quality: 'الجودة', Delivery: 'التسليم' }, stars: '{count} نجوم' },
      requiredNote: 'الحقول المعلّمة بـ {asterisk} مطلوبة.',
      asterisk: 'بنجمة',
      buttons: { ...englishWords.buttons, submitReview: 'إرسال التقييم' },
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
    const searchHint = forms.exportEnquiry(as('ar', { ...englishWords, productSearchHint: 'ابحث في {count} منتجًا' }, 'exportEnquiry'))
    expect(searchHint).toContain('ابحث في 120 منتجًا')
  })
})
