// The WhatsApp chat link (templates/lib/documents.ts): on every product, shade and contact page in
// every language, https://wa.me/ with site.yaml's contact.whatsapp as digits and a message in the
// page's language naming the product; no script of WhatsApp's; and the number as a contact point
// in the structured data search engines read.
import { describe, expect, it } from 'vitest'
import { loadContent } from '../../model/load.ts'
import { everyLanguage } from '../../model/site-content.ts'
import { format } from '../../templates/lib/words.ts'
import { attr, elements, jsonLd, text } from '../support/html.ts'
import { readParsedPage } from './html.ts'

const content = loadContent()
const languages = everyLanguage(content)
const number = content.site.contact.whatsapp!

/** The page's WhatsApp links: their number, the message already written, and the link's words. */
function chats(path: string) {
  return elements(readParsedPage(path), 'a', (a) => (attr(a, 'href') ?? '').includes('wa.me')).map((a) => {
    const url = new URL(attr(a, 'href')!)
    return { host: url.host, number: url.pathname.slice(1), text: url.searchParams.get('text'), words: text(a).trim() }
  })
}

describe('Chat on WhatsApp', () => {
  it('has a number in content: the company’s mobile number', () => {
    expect(number).toMatch(/^\+\d+$/)
    expect(content.site.contact.phones.map((p) => p.tel)).toContain(number)
  })

  it('every product and shade page, in every language, links a chat naming the product in the page’s language', () => {
    for (const c of languages)
      for (const item of [...c.agroProducts, ...c.graniteShades]) {
        const found = chats(item.path)
        expect(found, item.path).toEqual([
          {
            host: 'wa.me',
            number: number.slice(1),
            text: format(c.ui.whatsapp.productText, { product: item.name }),
            words: c.ui.whatsapp.chat,
          },
        ])
        expect(found[0]!.text, item.path).toContain(item.name)
      }
  })

  it('every contact page links a chat with the contact page’s message', () => {
    for (const c of languages) {
      expect(chats(c.pages.contact.path), c.pages.contact.path).toEqual([
        { host: 'wa.me', number: number.slice(1), text: c.ui.whatsapp.contactText, words: c.ui.whatsapp.chat },
      ])
    }
  })

  it('loads nothing of WhatsApp’s: no script, no frame', () => {
    for (const c of languages)
      for (const path of [c.pages.contact.path, c.agroProducts[0]!.path]) {
        const page = readParsedPage(path)
        const sources = [...elements(page, 'script'), ...elements(page, 'iframe')].map((e) => attr(e, 'src') ?? '')
        expect(
          sources.filter((s) => /whatsapp|wa\.me/.test(s)),
          path,
        ).toEqual([])
      }
  })

  it('is a contact point of the Organization in the structured data, with the WhatsApp number', () => {
    for (const c of languages) {
      for (const path of [c.homePath, c.pages.contact.path]) {
        const blocks = jsonLd(readParsedPage(path)) as Record<string, unknown>[]
        const organization = blocks
          .map((b) => (b['@type'] === 'ContactPage' ? b.about : b))
          .find((b) => (b as Record<string, unknown>)?.['@type'] === 'Organization') as
          | { contactPoint: Record<string, string>[] }
          | undefined
        expect(organization, path).toBeDefined()
        const point = organization!.contactPoint.find((p) => p.name === 'WhatsApp')
        expect(point, path).toMatchObject({ '@type': 'ContactPoint', telephone: number, contactType: 'sales' })
        expect(new URL(point!.url!).host).toBe('wa.me')
      }
    }
  })
})
