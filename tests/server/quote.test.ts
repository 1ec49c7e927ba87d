// The quotation (formType QuoteRequest) end to end on the real service, a real SMTP server and the
// real store: a bad item is refused with a message naming the item and its field, in the page's
// language, and nothing is stored; a good one is stored with its items (submission_items), and its
// items read back as a table from the owner's mail, the buyer's acknowledgement (catalogue values
// only), the inbox and the CSV. Without JavaScript the page posts every product's row, and the rows
// with a quantity are the items.
import { describe, expect, it } from 'vitest'
import { InboxClient, TEST_PASSWORD } from './inbox-helpers.ts'
import { postForm, postJson, useServerWithMail, validData, waitFor } from './helpers.ts'

const context = useServerWithMail({ ACKNOWLEDGE_BUYERS: 'true', INBOX_PASSWORD: TEST_PASSWORD })
const quote = validData.quoteRequest
const clove = quote.items[0]
const starBlue = quote.items[1]

async function refused(formData: Record<string, unknown>, language?: string) {
  const { store } = context.server
  const before = await store.countSubmissions()
  const res = await postJson(context.server.url, { formType: 'QuoteRequest', formData, ...(language ? { language } : {}) })
  const body = (await res.json()) as { success: boolean; message: string; errors: Record<string, string> }
  expect(res.status).toBe(400)
  expect(body.success).toBe(false)
  expect(await store.countSubmissions()).toEqual(before)
  return body
}

describe('a quotation the contract refuses: each error names the item and its field', () => {
  it('a product that is not in the catalogue', async () => {
    const body = await refused({ ...quote, items: [clove, { ...clove, product: 'Saffron' }] })
    expect(body.errors).toEqual({
      'items.1.product': 'Item 2 (Saffron), Product: Please choose a product or granite shade from our catalogue.',
    })
    expect(body.message).toBe('Please check this field: Item 2 (Saffron), Product.')
  })

  it('21 items', async () => {
    const items = Array.from({ length: 21 }, () => clove)
    const body = await refused({ ...quote, items })
    expect(body.errors).toEqual({
      items: 'A quotation may list at most 20 products; please send the rest in a second quotation.',
    })
  })

  it('negative, zero, absurd and worded quantities, and a unit typed as free text', async () => {
    const body = await refused({
      ...quote,
      items: [
        { ...clove, quantity: -5 },
        { ...starBlue, quantity: '0' },
        { ...clove, product: 'Cardamom', quantity: 1e12 },
        { ...clove, product: 'Black Pepper', quantity: 'about ten' },
        { ...clove, product: 'Flax Seeds', unit: '50 kg bags' },
      ],
    })
    const quantity = 'Please enter the quantity as a number greater than 0 and at most 9,999,999.'
    expect(body.errors).toEqual({
      'items.0.quantity': `Item 1 (Clove), Quantity: ${quantity}`,
      'items.1.quantity': `Item 2 (Star Blue), Quantity: ${quantity}`,
      'items.2.quantity': `Item 3 (Cardamom), Quantity: ${quantity}`,
      'items.3.quantity': `Item 4 (Black Pepper), Quantity: ${quantity}`,
      'items.4.unit': 'Item 5 (Flax Seeds), Unit: Please choose a unit: kg, tonnes, m², or 20 ft or 40 ft containers.',
    })
  })

  it('a finish that is not the catalogue’s, an item that is not a list of fields, and items that are not a list: never a 500', async () => {
    const body = await refused({ ...quote, items: [{ ...starBlue, finish: 'Gold leaf' }, 'Clove', null] })
    expect(body.errors).toEqual({
      'items.0.finish': 'Item 1 (Star Blue), Finish: Please choose a finish from the list.',
      'items.1.product': 'Item 2 (?), Product: This item could not be read; please add the product again.',
      'items.2.product': 'Item 3 (?), Product: This item could not be read; please add the product again.',
    })
    expect((await refused({ ...quote, items: 'Clove x 5' })).errors).toEqual({
      items: 'Please add at least one product to your quotation.',
    })
    expect((await refused({ ...quote, items: Array.from({ length: 150 }, () => ({ product: 'Clove' })) })).errors).toEqual({
      items: 'At most 20 items.',
    })
  })

  it('in the language of the page it came from', async () => {
    const body = await refused({ ...quote, items: [{ ...clove, quantity: -1 }] }, 'es')
    expect(body.errors).toEqual({
      'items.0.quantity': 'Artículo 1 (Clove), Cantidad: Indique la cantidad como un número mayor que 0 y como máximo 9,999,999.',
    })
  })
})

describe('a quotation accepted', () => {
  it('is stored with its items, and read back as a table from the owner’s mail, the acknowledgement, the inbox and the CSV', async () => {
    const { server, mail } = context
    const before = mail.received.length
    const phishing = 'Your refund: https://claim.example/x'
    const res = await postJson(server.url, { formType: 'QuoteRequest', formData: { ...quote, message: phishing, port: phishing } })
    expect(res.status).toBe(200)
    const { reference } = (await res.json()) as { reference: string }
    const stored = (await server.store.listSubmissions({ limit: 1 }))[0]!
    expect(stored).toMatchObject({ formType: 'QuoteRequest', kind: 'quoteRequest', product: 'Clove, Star Blue' })
    expect(stored.data.country).toBe('United Arab Emirates')
    expect(stored.data.items).toEqual([
      { product: 'Clove', quantity: 2, unit: 'tonnes', finish: '', size: '', samples: 'yes' },
      { product: 'Star Blue', quantity: 600, unit: 'm2', finish: 'Polished (high gloss)', size: 'Slab 240 x 120 cm', samples: 'no' },
    ])
    const rows = await (server.store as unknown as { db: import('../../server/store/schema.ts').EnquiryDb }).db
      .selectFrom('submission_items')
      .selectAll()
      .where('submission_id', '=', stored.id)
      .orderBy('position')
      .execute()
    expect(rows.map((r) => [r.position, r.product, Number(r.quantity), r.unit, r.finish, r.size, r.samples])).toEqual([
      [0, 'Clove', 2, 'tonnes', '', '', 1],
      [1, 'Star Blue', 600, 'm2', 'Polished (high gloss)', 'Slab 240 x 120 cm', 0],
    ])

    const received = (await mail.waitForMessages(before + 2)).slice(before)
    const owner = received.find((m) => m.parsed.subject?.startsWith('Quotation request'))!
    expect(owner.parsed.subject).toBe(`Quotation request: Clove, Star Blue from Karim Nasser (#${stored.id}, ref. ${reference})`)
    const table = tableOf(String(owner.parsed.html))
    expect(table).toEqual([
      ['#', 'Product', 'Quantity', 'Finish', 'Size', 'Samples first'],
      ['1.', 'Clove', '2 tonnes', '', '', 'Yes'],
      ['2.', 'Star Blue', '600 m²', 'Polished (high gloss)', 'Slab 240 x 120 cm', ''],
    ])
    expect(owner.parsed.text).toContain('1.  Clove      2 tonnes')
    expect(owner.parsed.text).toContain('Incoterm: CIF')

    const acknowledgement = received.find((m) => m.envelopeTo.join() === 'karim@example.ae')!
    expect(tableOf(String(acknowledgement.parsed.html))).toEqual([
      ['#', 'Product', 'Quantity', 'Finish', 'Size', 'Samples first'],
      ['1.', 'Clove', '2 tonnes', '', '', 'Samples first'],
      ['2.', 'Star Blue', '600 m²', 'Polished (high gloss)', 'Slab 240 x 120 cm', ''],
    ])
    // Nothing the buyer typed: not the message, not the port.
    expect(acknowledgement.raw).not.toContain('claim.example')

    const inbox = await new InboxClient(server.url).loggedIn()
    const { body } = await inbox.getJson<{ data: { items: unknown }; fields: Array<{ name: string; value: string }> }>(
      `/admin/api/enquiries/${stored.id}`,
    )
    expect(body.data.items).toEqual(stored.data.items)
    expect(body.fields.find((f) => f.name === 'items')?.value).toBe(
      'Clove: 2 tonnes, samples first; Star Blue: 600 m², Polished (high gloss), Slab 240 x 120 cm',
    )
    const csv = await inbox.csv()
    const header = csv.rows[0]!
    const row = csv.rows.find((r) => r.includes(reference))!
    expect(row[header.indexOf('Products')]).toBe(
      'Clove: 2 tonnes, samples first; Star Blue: 600 m², Polished (high gloss), Slab 240 x 120 cm',
    )
    expect(row[header.indexOf('Incoterm')]).toBe('CIF')
  })

  it('in Arabic: the acknowledgement names the products in Arabic, right to left', async () => {
    const { server, mail } = context
    const res = await postJson(server.url, {
      formType: 'QuoteRequest',
      language: 'ar',
      formData: { ...quote, email: 'karim.ar@example.ae', items: [{ ...clove, unit: 'container20', quantity: '1' }] },
    })
    expect(res.status).toBe(200)
    const acknowledgement = await waitFor(() => mail.received.find((m) => m.envelopeTo.join() === 'karim.ar@example.ae'))
    const html = String(acknowledgement.parsed.html)
    expect(html).toContain('<body dir="rtl"')
    const [head, first] = tableOf(html)
    expect(head).toEqual(['#', 'المنتج', 'الكمية', 'عينات أولًا'])
    expect(first).toEqual(['1.', 'القرنفل', '1 حاويات 20 قدمًا', 'عينات أولًا'])
  })

  it('without JavaScript: the rows given a quantity are the items, and the buyer lands on the thank-you page', async () => {
    const { server } = context
    const fields: Array<[string, string]> = [
      ['formType', 'QuoteRequest'],
      ['quantity:Clove', ''],
      ['unit:Clove', 'tonnes'],
      ['quantity:Cardamom', '3.5'],
      ['unit:Cardamom', 'kg'],
      ['samples:Cardamom', 'yes'],
      ['quantity:Star Blue', '120'],
      ['unit:Star Blue', 'm2'],
      ['finish:Star Blue', 'Polished (high gloss)'],
      ['size:Star Blue', ''],
      ['name', 'Lucía Gómez'],
      ['email', 'lucia@example.es'],
      ['countryCode', '34'],
      ['mobile', '612 345 678'],
      ['country', 'Spain'],
      ['incoterm', 'FOB'],
    ]
    const res = await postForm(server.url, fields)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/thank-you')
    const stored = (await server.store.listSubmissions({ limit: 1 }))[0]!
    expect(stored.data).toMatchObject({
      items: [
        { product: 'Cardamom', quantity: 3.5, unit: 'kg', finish: '', size: '', samples: 'yes' },
        { product: 'Star Blue', quantity: 120, unit: 'm2', finish: 'Polished (high gloss)', size: '', samples: 'no' },
      ],
      mobile: '34 612345678',
      country: 'Spain',
    })
    // A row with a bad quantity is named on the problem page, with its product.
    const bad = await postForm(server.url, [...fields.filter(([name]) => name !== 'quantity:Cardamom'), ['quantity:Cardamom', 'lots']])
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('Item 1 (Cardamom), Quantity: Please enter the quantity as a number')
  })
})

/** The cells of the last table of a mail's HTML, row by row. */
function tableOf(html: string): string[][] {
  const tables = [...html.matchAll(/<table[^>]*>([\s\S]*?)<\/table>/g)].map((m) => m[1]!)
  const items = tables.find((t) => t.includes('>#<'))!
  return [...items.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) =>
      cell[1]!
        .replace(/&amp;/g, '&')
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .trim(),
    ),
  )
}
