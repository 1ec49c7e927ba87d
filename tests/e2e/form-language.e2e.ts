// A form on a translated page, in Chromium with the built site's own scripts: the checks made
// before sending speak the page's language, and the form sends that language. Until the loader
// makes the /ar/ pages, the Arabic page is the built reviews page with its form island rendered as
// a translated page renders it (its words, its checks' messages and its language as the island's
// props, formLanguage in templates/lib/forms.ts), served at /ar/testimonials by intercepting that
// one address; everything else (the scripts, /api/form-token) comes from the real server.
import fs from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { browserCheckMessages } from '../../forms/derive-rules.ts'
import { withEnglish } from '../../project/form-messages.ts'
import { distLayout } from '../../project/paths.ts'
import { ReviewForm, type ReviewFormProps } from '../../templates/components/forms/ReviewForm.tsx'
import { SHARED_MESSAGES } from '../../templates/components/forms/submit.ts'
import { ENGLISH_FORM_TEXT, type FormLanguage } from '../../templates/components/forms/text.ts'
import { Island } from '../../templates/islands/Island.tsx'
import { connectBrowser, distDir, hydrated, MOBILE, openPage } from './support.ts'

const ARABIC_MESSAGES = withEnglish({
  fields: { name: { prompt: 'اسمك', subject: 'الاسم' }, review: { prompt: 'تقييمك', subject: 'التقييم' } },
  checks: {
    enter: 'الرجاء إدخال {field}.',
    emailMissing: 'الرجاء إدخال بريدك الإلكتروني.',
    rating: 'الرجاء اختيار تقييم من نجمة إلى خمس نجوم.',
  },
})
const { outcomes: _, ...english } = ENGLISH_FORM_TEXT
const ARABIC: FormLanguage = {
  code: 'ar',
  text: {
    ...english,
    labels: { ...english.labels, name: 'الاسم', email: 'البريد الإلكتروني', review: 'تقييمك' },
    buttons: { ...english.buttons, submitReview: 'إرسال التقييم' },
  },
  checks: browserCheckMessages('review', ARABIC_MESSAGES),
  submit: SHARED_MESSAGES,
}

/** The built reviews page, its form island rendered with the Arabic props. */
function arabicReviewsPage(): string {
  const html = fs.readFileSync(path.join(distLayout(distDir).clientDir, 'testimonials', 'index.html'), 'utf8')
  const start = html.indexOf('<div data-island="ReviewForm"')
  const end = html.indexOf('</form></div>', start) + '</form></div>'.length
  expect(start).toBeGreaterThan(0)
  const attribute = /data-props="([^"]*)"/.exec(html.slice(start, end))![1]!
  const props = JSON.parse(attribute.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&amp;', '&')) as ReviewFormProps
  const island = renderToString(
    createElement(Island<ReviewFormProps>, { name: 'ReviewForm', component: ReviewForm, props: { ...props, language: ARABIC } }),
  )
  return html.slice(0, start) + island + html.slice(end)
}

let browser: Browser
beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser?.close()
})

test("an Arabic page's form checks in Arabic before sending, and sends its language", async () => {
  const tab = await openPage(browser, { viewport: MOBILE })
  const { page } = tab
  const page_ = arabicReviewsPage()
  await page.route('**/ar/testimonials', (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: page_ }))
  const posts: Record<string, unknown>[] = []
  await page.route('**/api/submit', async (route) => {
    posts.push(JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>)
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ success: true, message: 'ok', reference: 'K7M29QXD' }),
    })
  })
  try {
    await page.goto('/ar/testimonials')
    const form = await hydrated(page.locator('form[action="/api/submit"]'))
    await form.getByRole('button', { name: 'إرسال التقييم' }).click()
    const name = form.getByLabel(/^الاسم/)
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator('#review-name-error').textContent()).toBe('الرجاء إدخال اسمك.')
    expect(await page.locator('#review-email-error').textContent()).toBe('الرجاء إدخال بريدك الإلكتروني.')
    expect(await page.locator('#review-rating-error').textContent()).toBe('الرجاء اختيار تقييم من نجمة إلى خمس نجوم.')
    expect(await page.locator('#review-review-error').textContent()).toBe('الرجاء إدخال تقييمك.')
    // A message not translated reads in English.
    expect(await page.locator('#review-mobile-error').textContent()).toBe('Please enter your mobile number.')
    expect(posts).toEqual([])

    // Corrected, the message goes as it is typed; filled in, the form sends the page's language.
    await name.fill('سارة')
    await expect.poll(() => page.locator('#review-name-error').count()).toBe(0)
    await form.getByLabel(/^البريد الإلكتروني/).fill('sara@example.ae')
    await form.getByLabel(/^Mobile Number/).fill('+971 50 123 4567')
    await form.locator('select[name="product"]').selectOption({ index: 1 })
    await form.locator('label.form__star').nth(4).click()
    await form.getByLabel(/^تقييمك/).fill('ممتاز')
    await form.getByRole('button', { name: 'إرسال التقييم' }).click()
    await expect.poll(() => posts.length).toBe(1)
    expect(posts[0]).toMatchObject({ formType: 'Review', language: 'ar', formData: { name: 'سارة', rating: 5 } })
    expect(tab.problems).toEqual([])
  } finally {
    await tab.close()
  }
})
