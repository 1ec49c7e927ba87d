// A form sent from a translated page, end to end with real parts (the real server on port 0, the
// real store of this run, SQLite or PostgreSQL, a real SMTP server): its mistakes are answered in
// the page's language (JSON and the page without JavaScript), its thank-you page is the language's,
// the enquiry keeps its language, the owner's mail names it, the buyer's acknowledgement is in it,
// and the inbox, its CSV and its filter know it. The site is the real build, copied, with a Spanish
// of our own in its manifest for a few messages (the translators write the real one) and the
// Spanish thank-you and problem pages the loader makes once it prefixes paths (/es/thank-you).
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { englishFormMessages } from '../../project/english-forms.ts'
import { withEnglish } from '../../project/form-messages.ts'
import { writeBuildManifest } from '../../project/build-manifest.mjs'
import { distLayout } from '../../project/paths.ts'
import { type SiteManifest, siteManifestSchema } from '../../project/site-manifest.ts'
import { composeDigest } from '../../server/delivery/mail.ts'
import type { EnquiryStore } from '../../server/store/index.ts'
import { jsonEvent, slackMessage, teamsMessage } from '../../server/delivery/webhooks.ts'
import {
  builtDist,
  type MailServer,
  openStoreOf,
  postForm,
  postJson,
  startMailServer,
  startTestServer,
  type TestServer,
  tempDir,
  validData,
  waitFor,
} from './helpers.ts'
import { InboxClient, TEST_PASSWORD } from './inbox-helpers.ts'

const SPANISH = withEnglish(
  {
    fields: { name: { prompt: 'su nombre', subject: 'Nombre' } },
    checks: { enter: 'Por favor, escriba {field}.', emailInvalid: 'Escriba una dirección de correo válida, como nombre@empresa.com.' },
    server: {
      checkField: 'Revise este campo: {fields}.',
      checkFields: 'Revise estos campos: {fields}.',
      backToForm: 'Volver al formulario',
      received: 'Gracias. Hemos recibido su consulta y le responderemos pronto.',
      fieldLabels: { name: 'Nombre', email: 'Correo electrónico' },
    },
  },
  englishFormMessages(),
)
const SPANISH_ACKNOWLEDGEMENT = {
  subject: 'Hemos recibido su consulta (referencia {reference})',
  body: 'Gracias por su consulta sobre {product}. Le responderemos {replyTime}.\n\nSu referencia es {reference}.',
  replyTime: 'en un día laborable',
  anyProduct: 'nuestros productos',
}

/** The built site with Spanish in its manifest and Spanish thank-you and problem pages. */
async function spanishSite(): Promise<string> {
  const dist = tempDir('site-es-')
  fs.cpSync(builtDist, dist, { recursive: true })
  const file = distLayout(dist).siteManifest
  const manifest = siteManifestSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')))
  const english = manifest.languages?.[0] ?? {
    code: 'en',
    englishName: 'English',
    prefix: '' as const,
    messages: englishFormMessages(),
    acknowledgement: manifest.acknowledgement,
  }
  const spanish = { code: 'es', englishName: 'Spanish', prefix: '/es', messages: SPANISH, acknowledgement: SPANISH_ACKNOWLEDGEMENT }
  const languages: SiteManifest['languages'] = [english, spanish]
  fs.writeFileSync(file, JSON.stringify(siteManifestSchema.parse({ ...manifest, languages })))
  const client = distLayout(dist).clientDir
  for (const page of ['thank-you', 'enquiry-problem']) {
    const html = fs.readFileSync(path.join(client, page, 'index.html'), 'utf8')
    fs.mkdirSync(path.join(client, 'es', page), { recursive: true })
    fs.writeFileSync(path.join(client, 'es', page, 'index.html'), html.replace(/<html lang="[^"]*"/, '<html lang="es"'))
  }
  // Built so: its list of files names them as they are now (project/build-manifest.mjs).
  await writeBuildManifest(dist)
  return dist
}

const QUICK = 'QuickEnquiry'
const mistaken = { ...validData.quickEnquiry, name: '  ', email: 'not an address' }

let dist: string
let mail: MailServer
let server: TestServer
let store: EnquiryStore
beforeAll(async () => {
  dist = await spanishSite()
  mail = await startMailServer()
  server = await startTestServer({ DIST_DIR: dist, SMTP_URL: mail.url, ACKNOWLEDGE_BUYERS: 'true', INBOX_PASSWORD: TEST_PASSWORD })
  store = await openStoreOf(server.config)
})
afterAll(async () => {
  await store?.close()
  await server?.close()
  await mail?.stop()
  if (dist) fs.rmSync(dist, { recursive: true, force: true })
})

describe("a form's mistakes, in the language of the page that sent it", () => {
  it('JSON: a Spanish page gets the Spanish messages and summary', async () => {
    const res = await postJson(server.url, { formType: QUICK, formData: mistaken, language: 'es' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      success: false,
      message: 'Revise estos campos: Nombre, Correo electrónico.',
      errors: { name: 'Por favor, escriba su nombre.', email: 'Escriba una dirección de correo válida, como nombre@empresa.com.' },
    })
  })

  it('JSON: no language, an unknown one or one that is not text reads English, never a 500', async () => {
    for (const language of [undefined, 'xx', 'EN', 42, null, { es: true }, ['zz']]) {
      const res = await postJson(server.url, { formType: QUICK, formData: mistaken, language })
      expect(res.status, JSON.stringify(language)).toBe(400)
      const body = (await res.json()) as { message: string; errors: Record<string, string> }
      expect(body.message).toBe('Please check these fields: Name, E-mail.')
      expect(body.errors.name).toBe('Please enter your name.')
    }
  })

  it('without JavaScript: the Spanish problem page, in Spanish, with its way back', async () => {
    const fields = Object.entries(mistaken) as Array<[string, string]>
    const res = await postForm(server.url, [['formType', QUICK], ['language', 'es'], ...fields], {
      referer: `${server.url}/es/contact`,
      origin: server.config.siteUrl,
    })
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(html).toContain('<html lang="es"')
    expect(html).toContain('<p>Revise estos campos: Nombre, Correo electrónico.</p>')
    expect(html).toContain('<li><strong>Nombre</strong>: Por favor, escriba su nombre.</li>')
    expect(html).toContain('>Volver al formulario</a>')
    // The page's language is no field of the form.
    expect(html).not.toContain('language')
  })
})

describe('an accepted enquiry from a Spanish page', () => {
  let reference: string
  it('is answered in Spanish, and a post without JavaScript lands on the Spanish thank-you page', async () => {
    const res = await postJson(server.url, { formType: QUICK, formData: validData.quickEnquiry, language: 'es' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { message: string; reference: string }
    expect(body.message).toBe('Gracias. Hemos recibido su consulta y le responderemos pronto.')
    reference = body.reference

    const fields = Object.entries({ ...validData.quickEnquiry, email: 'lucia@example.es' }) as Array<[string, string]>
    const classic = await postForm(server.url, [['formType', QUICK], ['language', 'es'], ...fields], { origin: server.config.siteUrl })
    expect(classic.status).toBe(303)
    expect(classic.headers.get('location')).toBe('/es/thank-you')
    // A language whose thank-you page the site does not have: the default one.
    const unknown = await postForm(server.url, [['formType', QUICK], ['language', 'ar'], ...fields], { origin: server.config.siteUrl })
    expect(unknown.headers.get('location')).toBe('/thank-you')
  })

  it('is stored with its language; an English one with en', async () => {
    await postJson(server.url, { formType: QUICK, formData: { ...validData.quickEnquiry, email: 'english@example.com' } })
    const stored = await store.listSubmissions({ includeSpam: true })
    expect(stored.find((s) => s.reference === reference)?.language).toBe('es')
    expect(stored.find((s) => s.email === 'english@example.com')?.language).toBe('en')
    // The post in a language the site does not have is stored as English.
    expect(stored.filter((s) => s.email === 'lucia@example.es').map((s) => s.language)).toEqual(['en', 'es'])
  })

  it("names the buyer's language in the webhooks and the daily digest, as in the owner's mail", async () => {
    const stored = await store.listSubmissions({ includeSpam: true })
    const spanish = stored.find((s) => s.reference === reference)!
    const english = stored.find((s) => s.email === 'english@example.com')!
    const site = 'https://www.example.test'
    expect(jsonEvent(spanish, site).data.language).toBe('es')
    expect(jsonEvent(english, site).data.language).toBe('en')
    expect(JSON.stringify(slackMessage(spanish, site))).toContain('*Language:* Spanish (es)')
    // An Adaptive Card's text has its Markdown characters escaped.
    expect(JSON.stringify(teamsMessage(spanish, site))).toContain(String.raw`{"title":"Language","value":"Spanish \\(es\\)"}`)
    for (const message of [slackMessage(english, site), teamsMessage(english, site)])
      expect(JSON.stringify(message)).not.toContain('Language')

    const digest = composeDigest([spanish, english], '2026-11-25', site, '<digest@example.test>').text.split('\n')
    expect(digest.find((line) => line.startsWith(reference))).toMatch(/, in Spanish \(es\) {2}https:/)
    expect(digest.find((line) => line.startsWith(english.reference!))).not.toMatch(/ in /)
  })

  it("names the buyer's language in the owner's mail, and acknowledges in Spanish", async () => {
    const owner = await waitFor(
      () => mail.received.find((m) => m.envelopeTo.includes('enquiries@example.test') && m.parsed.subject?.includes(reference)),
      10_000,
      "the owner's mail",
    )
    expect(owner.parsed.text).toContain('\nLanguage: Spanish (es)\n')
    expect(owner.parsed.html).toContain('<p>Language: Spanish (es)</p>')
    const english = await waitFor(
      () => mail.received.find((m) => m.envelopeTo.includes('enquiries@example.test') && m.parsed.text?.includes('english@example.com')),
      10_000,
      "the English enquiry's mail",
    )
    expect(english.parsed.text).not.toContain('Language:')

    const buyer = await waitFor(
      () => mail.received.find((m) => m.envelopeTo.includes(validData.quickEnquiry.email) && m.parsed.subject?.includes(reference)),
      10_000,
      "the buyer's acknowledgement",
    )
    expect(buyer.parsed.subject).toBe(`Hemos recibido su consulta (referencia ${reference})`)
    expect(buyer.parsed.text).toContain(
      `Gracias por su consulta sobre ${validData.quickEnquiry.product}. Le responderemos en un día laborable.`,
    )
    const englishBuyer = await waitFor(
      () => mail.received.find((m) => m.envelopeTo.includes('english@example.com')),
      10_000,
      "the English buyer's acknowledgement",
    )
    expect(englishBuyer.parsed.subject).toMatch(/^We have received your enquiry \(reference /)
  })

  it('the inbox filters by language, names it, and exports it', async () => {
    const inbox = await new InboxClient(server.url).loggedIn()
    const spanish = await inbox.getJson<{ rows: Array<{ email: string; language: string; languageName: string }>; languages: unknown }>(
      '/admin/api/enquiries?language=es',
    )
    expect(spanish.status).toBe(200)
    expect(spanish.body.rows.length).toBe(2)
    expect(spanish.body.rows.every((r) => r.language === 'es' && r.languageName === 'Spanish (es)')).toBe(true)
    expect(spanish.body.languages).toEqual([
      { code: 'en', name: 'English (en)' },
      { code: 'es', name: 'Spanish (es)' },
    ])
    const english = await inbox.getJson<{ rows: Array<{ language: string }> }>('/admin/api/enquiries?language=en')
    expect(english.body.rows.length).toBe(2)
    expect(english.body.rows.every((r) => r.language === 'en')).toBe(true)
    const bad = await inbox.getJson<{ error: string }>('/admin/api/enquiries?language=Spanish')
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('The filter \\"language\\" must be a language code such as ar.')

    const csv = await inbox.csv('?language=es')
    expect(csv.rows[0]!.at(-1)).toBe('Language')
    expect(csv.rows.slice(1).map((row) => row.at(-1))).toEqual(['es', 'es'])
  })
})
