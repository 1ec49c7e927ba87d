// The forms of the translated pages, in Chromium against the built site and the real enquiry
// service. A translated page does not carry its form's words: its island names a file of them
// (data-shared, templates/lib/form-words.ts) and fetches it as it wakes. The checks then speak the
// page's language, the form sends that language, and the product and country go in English.
// Without that file the form is still the prerendered one, and still sends.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connectBrowser, field, hydrated, MOBILE, mailFields, mailFormType, openPage, uniqueMarker, waitForMail } from './support.ts'

let browser: Browser
beforeAll(async () => {
  browser = await connectBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('the Quick Enquiry of the Arabic home page', () => {
  test('fetches its Arabic words as it wakes, checks in Arabic, and sends Arabic with English values', async () => {
    const tab = await openPage(browser, { viewport: MOBILE })
    const { page } = tab
    const words: { url: string; cacheControl: string | undefined }[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/words/'))
        words.push({ url: new URL(response.url()).pathname, cacheControl: response.headers()['cache-control'] })
    })
    try {
      await page.goto('/ar')
      const island = page.locator('[data-island="QuickEnquiryForm"]')
      // The page carries only what is its own; the words are named, not inlined.
      const carried = JSON.parse((await island.getAttribute('data-props')) ?? '{}') as Record<string, unknown>
      expect(Object.keys(carried).sort()).toEqual(['idPrefix', 'labelledBy'])
      const shared = await island.getAttribute('data-shared')
      expect(shared).toMatch(/^\/assets\/words\/ar-quickEnquiry\.[\w-]{10}\.json$/)
      expect(words).toEqual([])

      const form = await hydrated(island.locator('form'))
      expect(words).toEqual([{ url: shared, cacheControl: 'public, max-age=31536000, immutable' }])
      await form.getByRole('button', { name: 'أرسل الاستفسار' }).click()
      const name = field(form, 'الاسم')
      await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true')
      expect(await page.locator('#quick-product-error').textContent()).toBe('يرجى اختيار المنتج الذي تهتم به.')
      expect(await page.locator('#quick-country-error').textContent()).toBe('يرجى اختيار بلدك.')
      expect(await page.locator('#quick-name-error').textContent()).toBe('يرجى إدخال اسمك.')
      expect(await page.locator('#quick-email-error').textContent()).toBe('يرجى إدخال عنوان بريدك الإلكتروني.')

      const marker = uniqueMarker('Quick-ar')
      // Shown in Arabic, sent in English.
      await field(form, 'المنتج').selectOption({ label: 'القرنفل' })
      await field(form, 'البلد').selectOption({ label: 'الإمارات العربية المتحدة' })
      await name.fill(`سارة ${marker}`)
      await field(form, 'البريد الإلكتروني').fill('sara@example.ae')
      await field(form, 'رقم الجوال').fill('+971 50 123 4567')
      await field(form, 'الرسالة').fill('نحتاج إلى خمسة أطنان شهريًا.')
      await form.getByRole('button', { name: 'أرسل الاستفسار' }).click()
      await expect.poll(() => form.locator('[role="status"]').textContent()).toContain('تم إرسال النموذج بنجاح!')

      const mail = await waitForMail(marker)
      expect(mailFormType(mail)).toBe('QuickEnquiry')
      expect(mailFields(mail)).toMatchObject({
        Product: 'Clove',
        Country: 'United Arab Emirates',
        Name: `سارة ${marker}`,
        Language: 'Arabic (ar)',
      })
      expect(tab.problems).toEqual([])
    } finally {
      await tab.close()
    }
  })

  test('a request that fails reads in Arabic, not in the browser’s English ("Failed to fetch")', async () => {
    const tab = await openPage(browser, { viewport: MOBILE })
    const { page } = tab
    await page.route('**/api/submit', (route) => route.abort('connectionrefused'))
    try {
      await page.goto('/ar')
      const form = await hydrated(page.locator('[data-island="QuickEnquiryForm"] form'))
      await field(form, 'المنتج').selectOption({ label: 'القرنفل' })
      await field(form, 'البلد').selectOption({ label: 'الهند' })
      await field(form, 'الاسم').fill('سارة')
      await field(form, 'البريد الإلكتروني').fill('sara@example.ae')
      await field(form, 'رقم الجوال').fill('+971 50 123 4567')
      await field(form, 'الرسالة').fill('نحتاج إلى عينات.')
      await form.getByRole('button', { name: 'أرسل الاستفسار' }).click()
      await expect.poll(() => form.getByRole('alert').textContent()).toBe('حدث خطأ ما. يرجى التحقق من اتصالك أو من الخادم.')
      // What was typed is kept, to send again.
      expect(await field(form, 'الاسم').inputValue()).toBe('سارة')
    } finally {
      await tab.close()
    }
  })

  test('without its words file it stays the prerendered form, which still sends (to the Arabic thank-you page)', async () => {
    const tab = await openPage(browser, { viewport: MOBILE })
    const { page } = tab
    await page.route('**/assets/words/**', (route) => route.abort())
    try {
      await page.goto('/ar')
      const form = page.locator('[data-island="QuickEnquiryForm"] form')
      await form.scrollIntoViewIfNeeded()
      await expect.poll(() => tab.problems.some((p) => p.includes('islands: QuickEnquiryForm not hydrated'))).toBe(true)
      // React never took it over: the browser's own checks are still on.
      expect(await form.getAttribute('novalidate')).toBeNull()
      const marker = uniqueMarker('Quick-ar-static')
      await field(form, 'المنتج').selectOption({ label: 'الهيل' })
      await field(form, 'البلد').selectOption({ label: 'الهند' })
      await field(form, 'الاسم').fill(`Ravi ${marker}`)
      await field(form, 'البريد الإلكتروني').fill('ravi@example.in')
      await field(form, 'رقم الجوال').fill('+91 98765 43210')
      await field(form, 'الرسالة').fill('Samples, please.')
      await Promise.all([page.waitForURL('**/ar/thank-you**'), form.getByRole('button', { name: 'أرسل الاستفسار' }).click()])
      const mail = await waitForMail(marker)
      expect(mailFields(mail)).toMatchObject({ Product: 'Cardamom', Country: 'India', Language: 'Arabic (ar)' })
    } finally {
      await tab.close()
    }
  })
})

test("the Arabic reviews page's form checks in Arabic and sends its language", async () => {
  const tab = await openPage(browser, { viewport: MOBILE })
  const { page } = tab
  const posts: Record<string, unknown>[] = []
  // Held here, not stored: this test is about what the browser sends.
  await page.route('**/api/submit', async (route) => {
    posts.push(JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>)
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, message: 'ok' }) })
  })
  try {
    await page.goto('/ar/testimonials')
    const form = await hydrated(page.locator('form[action="/api/submit"]'))
    await form.getByRole('button', { name: 'إرسال المراجعة' }).click()
    const name = field(form, 'الاسم')
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator('#review-name-error').textContent()).toBe('يرجى إدخال اسمك.')
    expect(await page.locator('#review-mobile-error').textContent()).toBe('يرجى إدخال رقم جوالك.')
    expect(await page.locator('#review-rating-error').textContent()).toBe('يرجى اختيار تقييم من 1 إلى 5 نجوم.')
    expect(await page.locator('#review-review-error').textContent()).toBe('يرجى إدخال مراجعتك.')
    expect(posts).toEqual([])

    await name.fill('سارة')
    await expect.poll(() => page.locator('#review-name-error').count()).toBe(0)
    await field(form, 'البريد الإلكتروني').fill('sara@example.ae')
    await field(form, 'رقم الجوال (الهند +91)').fill('9876543210')
    await form.locator('select[name="product"]').selectOption({ label: 'الفلفل الأسود (Kali Mirch)' })
    await form.locator('label.form__star').nth(4).click()
    await field(form, 'مراجعتك').fill('ممتاز')
    await form.getByRole('button', { name: 'إرسال المراجعة' }).click()
    await expect.poll(() => posts.length).toBe(1)
    expect(posts[0]).toMatchObject({
      formType: 'Review',
      language: 'ar',
      formData: { name: 'سارة', rating: 5, product: 'Black Pepper (Kali Mirch)' },
    })
    expect(tab.problems).toEqual([])
  } finally {
    await tab.close()
  }
})
