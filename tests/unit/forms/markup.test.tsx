// The forms as the prerendered page contains them: what a visitor sees before any JavaScript runs,
// and what a form post without JavaScript sends.
import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { GRANITE_PRODUCT_LABEL, HONEYPOT_FIELD, REVIEW_LIKES } from '../../../forms/schemas.ts'
import { ContactForm } from '../../../templates/components/forms/ContactForm.tsx'
import { EnquiryForm } from '../../../templates/components/forms/EnquiryForm.tsx'
import { QuickEnquiryForm } from '../../../templates/components/forms/QuickEnquiryForm.tsx'
import { ReviewForm } from '../../../templates/components/forms/ReviewForm.tsx'
import { COUNTRIES, CONTAINER_PLACEHOLDER, DIAL_CODES, GRANITES, PRODUCTS, REQUIREMENT_PLACEHOLDER } from '../../fixtures/form-options.ts'
import { byName, controlNames, elements, labelFor, options } from './markup.ts'

const enquiry = (extra: Partial<Parameters<typeof EnquiryForm>[0]> = {}) =>
  renderToString(
    <EnquiryForm
      formType="CloveEnquiry"
      dialCodes={DIAL_CODES}
      defaultDialCode="91"
      requirementPlaceholder={REQUIREMENT_PLACEHOLDER}
      containerPlaceholder={CONTAINER_PLACEHOLDER}
      idPrefix="clove-enquiry"
      labelledBy="clove-enquiry-heading"
      {...extra}
    />,
  )

/** Checks shared by every form: a real form post, labels, the honeypot, the live regions. */
function expectCommonMarkup(html: string, formType: string, prefix: string) {
  const [form] = elements(html, 'form')
  expect(form?.attrs.method).toBe('post')
  expect(form?.attrs.action).toBe('/api/submit')
  // The browser's own checks stay on until React takes over, so the form is safe without JavaScript.
  expect(form?.attrs).not.toHaveProperty('novalidate')
  const hidden = elements(html, 'input').filter((i) => i.attrs.type === 'hidden')
  expect(hidden).toEqual([{ attrs: { type: 'hidden', name: 'formType', value: formType }, text: '' }])

  const honeypot = byName(html, HONEYPOT_FIELD)
  expect(honeypot.attrs.tabindex).toBe('-1')
  expect(honeypot.attrs.autocomplete).toBe('off')
  expect(honeypot.attrs).not.toHaveProperty('required')
  expect(html).toMatch(
    new RegExp(`<div class="form__hp" aria-hidden="true"><label for="${prefix}-${HONEYPOT_FIELD}">Leave this field empty</label>`),
  )

  // Every visible control has a label (radios and checkboxes are wrapped in theirs).
  for (const tag of ['input', 'select', 'textarea']) {
    for (const control of elements(html, tag)) {
      const { type, id } = control.attrs
      if (type === 'hidden' || type === 'radio' || type === 'checkbox') continue
      expect(id, `${tag} ${control.attrs.name}`).toMatch(new RegExp(`^${prefix}-`))
      expect(labelFor(html, id ?? ''), `label of ${id}`).toBeTruthy()
    }
  }
  // No control starts out invalid, and there are no inline styles (the CSP forbids them).
  expect(html).not.toContain('aria-invalid')
  expect(html).not.toContain('style=')
  expect(html).toContain(`<p class="form__status" id="${prefix}-status" role="status"></p>`)
  expect(html).toContain(`<p class="form__status form__status--error" id="${prefix}-alert" role="alert"></p>`)
  // Ids are unique.
  const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1])
  expect(new Set(ids).size).toBe(ids.length)
}

describe('EnquiryForm', () => {
  test('has the fields of a product enquiry in order, with their labels and defaults', () => {
    const html = enquiry()
    expectCommonMarkup(html, 'CloveEnquiry', 'clove-enquiry')
    expect(controlNames(html)).toEqual([
      'formType',
      'name',
      'email',
      'countryCode',
      'country',
      'mobile',
      'quantity',
      'container',
      'purpose',
      'requirement',
      HONEYPOT_FIELD,
    ])
    expect(labelFor(html, 'clove-enquiry-country')).toBe('Country')
    expect(labelFor(html, 'clove-enquiry-name')).toBe('Name *')
    expect(labelFor(html, 'clove-enquiry-email')).toBe('Email *')
    expect(labelFor(html, 'clove-enquiry-countryCode')).toBe('Country Code *')
    expect(labelFor(html, 'clove-enquiry-mobile')).toBe('Mobile Number *')
    expect(labelFor(html, 'clove-enquiry-quantity')).toBe('Estimated Quantity')
    expect(labelFor(html, 'clove-enquiry-container')).toBe('Container')
    expect(labelFor(html, 'clove-enquiry-purpose')).toBe('Purpose')
    expect(labelFor(html, 'clove-enquiry-requirement')).toBe('Requirement')
    expect(elements(html, 'form')[0]?.attrs['aria-labelledby']).toBe('clove-enquiry-heading')
  })

  test('marks name, email, country code and mobile required, with email and telephone inputs', () => {
    const html = enquiry()
    for (const name of ['name', 'email', 'mobile']) expect(byName(html, name).attrs).toHaveProperty('required')
    // The country code always has a value (91 by default): HTML forbids `required` on a select with
    // no empty first choice, so it carries the required mark in its label and is checked by the schema.
    expect(byName(html, 'countryCode').attrs).not.toHaveProperty('required')
    expect(html).toMatch(/<label[^>]*for="[^"]*countryCode"[^>]*>Country Code<span class="form__required"/)
    for (const name of ['quantity', 'container', 'purpose', 'requirement']) expect(byName(html, name).attrs).not.toHaveProperty('required')
    expect(byName(html, 'email').attrs.type).toBe('email')
    expect(byName(html, 'mobile').attrs.type).toBe('tel')
  })

  test("lists every dial code as 'code (country)' with the default chosen", () => {
    const html = enquiry()
    const dial = options(html, 'countryCode')
    expect(dial).toHaveLength(DIAL_CODES.length)
    expect(dial.map((o) => o.text)).toEqual(DIAL_CODES.map((d) => `${d.code} (${d.country})`))
    expect(dial.map((o) => o.attrs.value)).toEqual(DIAL_CODES.map((d) => d.code))
    expect(dial.filter((o) => 'selected' in o.attrs).map((o) => o.attrs.value)).toEqual(['91'])
    const other = options(enquiry({ defaultDialCode: '44' }), 'countryCode')
    expect(other.filter((o) => 'selected' in o.attrs).map((o) => o.attrs.value)).toEqual(['44'])
  })

  test('offers Reselling and End Use, Reselling chosen', () => {
    const purpose = options(enquiry(), 'purpose')
    expect(purpose.map((o) => o.text)).toEqual(['Reselling', 'End Use'])
    expect(purpose.filter((o) => 'selected' in o.attrs).map((o) => o.text)).toEqual(['Reselling'])
  })

  test('has a 4-row requirement box and the placeholders it is given', () => {
    const html = enquiry()
    const requirement = byName(html, 'requirement')
    expect(requirement.tag).toBe('textarea')
    expect(requirement.attrs.rows).toBe('4')
    expect(requirement.attrs.placeholder).toBe(REQUIREMENT_PLACEHOLDER)
    expect(byName(html, 'container').attrs.placeholder).toBe(CONTAINER_PLACEHOLDER)
    expect(requirement.text).toBe('')
  })

  test("reads 'Submit' on its button before anything is sent", () => {
    expect(elements(enquiry(), 'button')).toEqual([{ attrs: { class: 'form__submit', type: 'submit' }, text: 'Submit' }])
  })

  test('export variant: a required product choice comes first, and the formType is given', () => {
    const html = enquiry({
      formType: 'ExportEnquiry',
      variant: 'export',
      productChoice: { kind: 'select', options: PRODUCTS },
      idPrefix: 'export-enquiry',
    })
    expectCommonMarkup(html, 'ExportEnquiry', 'export-enquiry')
    expect(controlNames(html).slice(0, 3)).toEqual(['formType', 'product', 'name'])
    const product = byName(html, 'product')
    expect(product.attrs).toHaveProperty('required')
    expect(labelFor(html, 'export-enquiry-product')).toBe('Product *')
    const choices = options(html, 'product')
    expect(choices[0]).toEqual({ attrs: { value: '', selected: '' }, text: 'Select a product' })
    expect(choices.slice(1).map((o) => o.text)).toEqual(PRODUCTS)
  })

  test('product variant has no product field', () => {
    expect(controlNames(enquiry())).not.toContain('product')
  })
})

describe('QuickEnquiryForm', () => {
  const html = renderToString(
    <QuickEnquiryForm productChoice={{ kind: 'select', options: PRODUCTS }} countries={COUNTRIES} idPrefix="quick-enquiry" />,
  )

  test('has six required fields, product and country as lists', () => {
    expectCommonMarkup(html, 'QuickEnquiry', 'quick-enquiry')
    expect(controlNames(html)).toEqual(['formType', 'product', 'country', 'name', 'email', 'mobile', 'message', HONEYPOT_FIELD])
    for (const name of ['product', 'country', 'name', 'email', 'mobile', 'message']) {
      expect(byName(html, name).attrs, name).toHaveProperty('required')
      expect(labelFor(html, `quick-enquiry-${name}`)).toMatch(/ \*$/)
    }
    expect(byName(html, 'email').attrs.type).toBe('email')
    expect(byName(html, 'mobile').attrs.type).toBe('tel')
    expect(byName(html, 'message').tag).toBe('textarea')
  })

  test('lists every product and country after an empty first choice', () => {
    expect(options(html, 'product').map((o) => o.text)).toEqual(['Select a product', ...PRODUCTS])
    expect(options(html, 'country').map((o) => o.text)).toEqual(['Select your country', ...COUNTRIES])
    expect(options(html, 'country')[0]?.attrs).toEqual({ value: '', selected: '' })
  })

  test('has its own button text', () => {
    expect(elements(html, 'button')[0]?.text).toBe('Send Enquiry')
  })
})

describe('ContactForm', () => {
  const html = renderToString(
    <ContactForm
      productChoice={{ kind: 'select', options: PRODUCTS }}
      graniteLabel={GRANITE_PRODUCT_LABEL}
      graniteOptions={GRANITES}
      idPrefix="contact"
    />,
  )

  test('has product, granite, name, email, mobile and details; the required ones are really required', () => {
    expectCommonMarkup(html, 'contact', 'contact')
    expect(controlNames(html)).toEqual(['formType', 'product', 'granite', 'name', 'email', 'mobile', 'details', HONEYPOT_FIELD])
    for (const name of ['product', 'name', 'email', 'mobile', 'details']) expect(byName(html, name).attrs, name).toHaveProperty('required')
    expect(labelFor(html, 'contact-details')).toBe('Enquiry Details *')
  })

  test('offers 8 products and 8 granite categories', () => {
    expect(
      options(html, 'product')
        .slice(1)
        .map((o) => o.text),
    ).toEqual(PRODUCTS)
    expect(
      options(html, 'granite')
        .slice(1)
        .map((o) => o.text),
    ).toEqual(GRANITES)
  })

  test('keeps the granite category hidden until granite is chosen, even without JavaScript', () => {
    // Hidden by CSS, revealed by :has() on the marked option, so a post without JavaScript can name one.
    expect(html).toMatch(
      /<div class="form__reveal"><div class="form__field"><label class="form__label" for="contact-granite">Granite Category<\/label>/,
    )
    const marked = options(html, 'product').filter((o) => o.attrs['data-reveals'] === 'granite')
    expect(marked.map((o) => o.text)).toEqual([GRANITE_PRODUCT_LABEL])
    // Not required while it cannot be seen.
    expect(byName(html, 'granite').attrs).not.toHaveProperty('required')
  })
})

describe('ReviewForm', () => {
  const html = renderToString(
    <ReviewForm productChoice={{ kind: 'select', options: PRODUCTS }} idPrefix="review" labelledBy="review-heading" />,
  )

  test('has the fields of a review, company and designation optional', () => {
    expectCommonMarkup(html, 'Review', 'review')
    expect(controlNames(html)).toEqual([
      'formType',
      'name',
      'company',
      'designation',
      'email',
      'mobile',
      'product',
      'rating',
      'likes',
      'review',
      HONEYPOT_FIELD,
    ])
    for (const name of ['name', 'email', 'mobile', 'product', 'review']) expect(byName(html, name).attrs, name).toHaveProperty('required')
    for (const name of ['company', 'designation']) expect(byName(html, name).attrs, name).not.toHaveProperty('required')
    expect(labelFor(html, 'review-mobile')).toMatch(/India \+91/)
  })

  test('rates with five named radio buttons in a labelled radio group', () => {
    const radios = elements(html, 'input').filter((i) => i.attrs.type === 'radio')
    expect(radios.map((r) => r.attrs.value)).toEqual(['1', '2', '3', '4', '5'])
    expect(radios.every((r) => r.attrs.name === 'rating' && 'required' in r.attrs && !('checked' in r.attrs))).toBe(true)
    expect(html).toContain(
      '<fieldset class="form__field form__field--wide form__choices" role="radiogroup" aria-labelledby="review-rating-legend" aria-required="true">',
    )
    for (const words of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'])
      expect(html).toContain(`<span class="form__sr-only">${words}</span>`)
  })

  test('offers the likes as checkboxes sent under one name', () => {
    const boxes = elements(html, 'input').filter((i) => i.attrs.type === 'checkbox')
    expect(boxes.map((b) => [b.attrs.name, b.attrs.value])).toEqual(REVIEW_LIKES.map((l) => ['likes', l]))
  })

  test('is named by its heading', () => {
    expect(elements(html, 'form')[0]?.attrs['aria-labelledby']).toBe('review-heading')
    expect(elements(html, 'button')[0]?.text).toBe('Submit Review')
  })
})
