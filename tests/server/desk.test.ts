// The sales desk end to end, with a real SMTP server and the real store: the owner answers an
// Arabic enquiry from the inbox with the Arabic template, and the buyer (and only the buyer) gets
// it, threaded on their acknowledgement, with the reference in the subject and the HTML right to
// left; the first reply sets the stage and the response time; stages, lost reasons and notes;
// every new route refuses without a session and without the CSRF token.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EnquiryDetail, InboxDashboard, ReplyTemplates } from '../../project/inbox-api.ts'
import { type MailServer, postJson, startMailServer, startTestServer, type TestServer, validData, waitFor } from './helpers.ts'
import { InboxClient, SITE_ORIGIN, TEST_PASSWORD } from './inbox-helpers.ts'

const recipients = (m: { envelopeTo: string[] }) => m.envelopeTo.join(',')

describe('the sales desk: replies, stages and notes', () => {
  let mail: MailServer
  let server: TestServer
  let owner: InboxClient
  let arabic: EnquiryDetail
  const buyer = 'layla.buyer@example.ae'

  beforeAll(async () => {
    mail = await startMailServer()
    server = await startTestServer({ SMTP_URL: mail.url, ACKNOWLEDGE_BUYERS: 'true', INBOX_PASSWORD: TEST_PASSWORD })
    const res = await postJson(server.url, {
      formType: 'QuickEnquiry',
      language: 'ar',
      formData: { ...validData.quickEnquiry, name: 'ليلى حداد', email: buyer },
    })
    expect(res.status).toBe(200)
    await waitFor(() => mail.received.find((m) => recipients(m) === buyer), 10_000, 'the acknowledgement')
    owner = await new InboxClient(server.url).loggedIn()
    const list = await owner.getJson<{ rows: Array<{ id: number; email: string }> }>('/admin/api/enquiries')
    const id = list.body.rows.find((r) => r.email === buyer)!.id
    arabic = (await owner.getJson<EnquiryDetail>(`/admin/api/enquiries/${id}`)).body
  })
  afterAll(async () => {
    await server?.close()
    await mail?.stop()
  })

  it('offers the templates in the buyer’s language first, filled for the enquiry', async () => {
    const { status, body } = await owner.getJson<ReplyTemplates>(`/admin/api/enquiries/${arabic.id}/reply-templates`)
    expect(status).toBe(200)
    expect(body.language).toBe('ar')
    expect(body.languages.map((l) => l.code)).toEqual(['ar', 'en', 'zh', 'es'])
    const [ar] = body.languages
    expect(ar!.dir).toBe('rtl')
    expect(ar!.templates.length).toBeGreaterThan(0)
    const first = ar!.templates[0]!
    expect(first.subject).toContain(arabic.reference!)
    expect(first.body).toContain('ليلى حداد')
    // The product by the catalogue's Arabic name, never the English one the form sent.
    expect(first.body).not.toContain('Black Pepper')
    expect(first.body).not.toMatch(/\{\w+\}/)
    // The shared password has no name to sign with: the {sender} line is left out.
    expect(first.body).not.toMatch(/\n\s*\n\s*Neo Agro/)
  })

  it('mails the reply to the buyer alone, threaded, with the reference, right to left; the first reply sets Replied', async () => {
    const templates = (await owner.getJson<ReplyTemplates>(`/admin/api/enquiries/${arabic.id}/reply-templates`)).body
    const template = templates.languages[0]!.templates[0]!
    const acknowledgement = mail.received.find((m) => recipients(m) === buyer)!
    const before = mail.received.length
    const sent = await owner.action(`/admin/api/enquiries/${arabic.id}/reply`, {
      language: 'ar',
      subject: template.subject,
      body: `${template.body}\n\nالكمية المتوفرة: ٥ أطنان`,
      // Not a field of a reply: a request cannot choose whom it goes to.
      to: 'stranger@example.org',
      cc: 'stranger2@example.org',
    })
    expect(sent.status).toBe(200)
    expect(sent.body.first).toBe(true)
    // Found by what it says: the owner's mail of the enquiry may arrive after `before` too.
    const reply = await waitFor(
      () => mail.received.slice(before).find((m) => m.parsed.text?.includes('الكمية المتوفرة')),
      10_000,
      'the reply',
    )
    expect(recipients(reply)).toBe(buyer)
    expect(mail.recipientsAsked.filter((a) => a.startsWith('stranger'))).toEqual([])
    expect(reply.parsed.subject).toContain(arabic.reference!)
    expect(reply.parsed.inReplyTo).toBe(acknowledgement.parsed.messageId)
    expect(String(reply.parsed.references)).toContain(acknowledgement.parsed.messageId!)
    // Answers go to the company mailbox when the shared owner password wrote it.
    expect(reply.parsed.replyTo?.value[0]?.address).toBe('enquiries@example.test')
    expect(reply.parsed.text).toContain('الكمية المتوفرة')
    expect(reply.parsed.html).toMatch(/<html lang="ar" dir="rtl">/)
    // A person's reply, not an automatic one.
    expect(reply.parsed.headers.get('auto-submitted')).toBeUndefined()

    const after = await waitFor(async () => {
      const detail = (await owner.getJson<EnquiryDetail>(`/admin/api/enquiries/${arabic.id}`)).body
      return detail.replies[0]?.status === 'sent' ? detail : undefined
    })
    expect(after.stage).toBe('replied')
    expect(after.firstReplyAt).toBeGreaterThanOrEqual(after.receivedAt)
    expect(after.replies).toHaveLength(1)
    expect(after.replies[0]).toMatchObject({ author: 'Owner', subject: reply.parsed.subject })
    // The conversation is shown apart from the deliveries.
    expect(after.mails.map((m) => m.channel)).not.toContain('reply')

    // A second reply keeps the first one's time.
    const again = await owner.action(`/admin/api/enquiries/${arabic.id}/reply`, {
      language: 'en',
      subject: 'Samples',
      body: 'Details follow.',
    })
    expect(again.body.first).toBe(false)
    const later = (await owner.getJson<EnquiryDetail>(`/admin/api/enquiries/${arabic.id}`)).body
    expect(later.firstReplyAt).toBe(after.firstReplyAt)
    const second = await waitFor(() => mail.received.find((m) => m.parsed.subject?.startsWith('Samples')), 10_000, 'the second reply')
    // The reference is added to a subject that lacks it.
    expect(second.parsed.subject).toBe(`Samples (${arabic.reference})`)
    expect(second.parsed.html).toMatch(/<html lang="en" dir="ltr">/)
  })

  it('says which field of a reply is wrong, and never mails a spam submission', async () => {
    const url = `/admin/api/enquiries/${arabic.id}/reply`
    expect(await owner.action(url, { language: 'ar', subject: ' ', body: 'x' })).toMatchObject({
      status: 400,
      body: { error: 'Write the subject first.' },
    })
    expect(await owner.action(url, { language: 'ar', subject: 'x', body: '' })).toMatchObject({
      status: 400,
      body: { error: 'Write the reply first.' },
    })
    expect(await owner.action(url, { language: 'xx', subject: 'x', body: 'y' })).toMatchObject({
      status: 400,
      body: { error: 'Choose the language of the reply.' },
    })
    const long = await owner.action(url, { language: 'en', subject: 'x', body: 'y'.repeat(20_001) })
    expect(long.status).toBe(400)
    expect(long.body.error).toMatch(/Shorten the reply to 20,000 characters/)
    expect((await owner.action('/admin/api/enquiries/999999/reply', { language: 'en', subject: 'x', body: 'y' })).status).toBe(404)

    const spam = await postJson(server.url, {
      formType: 'QuickEnquiry',
      formData: { ...validData.quickEnquiry, email: 'robot@example.org', website: 'x' },
    })
    expect(spam.status).toBe(200)
    const spamId = (await owner.getJson<{ rows: Array<{ id: number }> }>('/admin/api/enquiries?state=spam')).body.rows[0]!.id
    expect(await owner.action(`/admin/api/enquiries/${spamId}/reply`, { language: 'en', subject: 'x', body: 'y' })).toMatchObject({
      status: 409,
    })
    expect((await owner.action(`/admin/api/enquiries/${spamId}/stage`, { stage: 'quoted' })).status).toBe(404)
  })

  it('moves a sale along its stages; Won and Lost close it, Lost needs a reason', async () => {
    const url = `/admin/api/enquiries/${arabic.id}/stage`
    const read = async () => (await owner.getJson<EnquiryDetail>(`/admin/api/enquiries/${arabic.id}`)).body
    expect(await owner.action(url, { stage: 'quoted' })).toMatchObject({ status: 200 })
    expect(await read()).toMatchObject({ stage: 'quoted', state: 'open' })
    const noReason = await owner.action(url, { stage: 'lost' })
    expect(noReason.status).toBe(400)
    expect(noReason.body.error).toMatch(/^Choose why the sale was lost: Price, /)
    expect(await owner.action(url, { stage: 'lost', lostReason: 'price' })).toMatchObject({ status: 200 })
    expect(await read()).toMatchObject({ stage: 'lost', lostReason: 'price', state: 'handled' })
    expect(await owner.action(url, { stage: 'sample' })).toMatchObject({ status: 200 })
    expect(await read()).toMatchObject({ stage: 'sample', lostReason: null, state: 'open' })
    expect((await owner.action(url, { stage: 'bought' })).status).toBe(400)
    // The list filters on the stage too.
    const samples = await owner.getJson<{ rows: Array<{ id: number; stage: string }> }>('/admin/api/enquiries?stage=sample')
    expect(samples.body.rows.map((r) => r.id)).toEqual([arabic.id])
    expect((await owner.getJson('/admin/api/enquiries?stage=nonsense')).status).toBe(400)
  })

  it('keeps the team’s notes, as written, with who wrote them', async () => {
    const url = `/admin/api/enquiries/${arabic.id}/notes`
    const text = 'Called them: wants <b>CIF Jebel Ali</b> & samples first.'
    expect(await owner.action(url, { text })).toMatchObject({ status: 200 })
    expect(await owner.action(url, { text: '   ' })).toMatchObject({ status: 400, body: { error: 'Write the note first.' } })
    const detail = (await owner.getJson<EnquiryDetail>(`/admin/api/enquiries/${arabic.id}`)).body
    expect(detail.notes).toEqual([expect.objectContaining({ author: 'Owner', text })])
  })

  it('shows the response time on the dashboard', async () => {
    const { body } = await owner.getJson<InboxDashboard>('/admin/api/dashboard')
    expect(body.responseTimes['30'].all).toMatchObject({ answered: 1, within24h: 1 })
    expect(body.responseTimes['30'].all.medianMs).toBeGreaterThanOrEqual(0)
    expect(body.responseTimes['90'].byCountry.find((c) => c.name === validData.quickEnquiry.country)).toMatchObject({ answered: 1 })
  })

  it('refuses every desk route without a session, and a change without the CSRF token', async () => {
    const stranger = new InboxClient(server.url)
    expect((await stranger.request('GET', `/admin/api/enquiries/${arabic.id}/reply-templates`)).status).toBe(401)
    for (const action of ['reply', 'stage', 'notes']) {
      const res = await stranger.action(`/admin/api/enquiries/${arabic.id}/${action}`, {
        language: 'en',
        subject: 'x',
        body: 'y',
        stage: 'won',
        text: 'x',
      })
      expect(res.status, action).toBe(401)
      const noToken = await owner.request('POST', `/admin/api/enquiries/${arabic.id}/${action}`, {
        body: JSON.stringify({ language: 'en', subject: 'x', body: 'y', stage: 'won', text: 'x' }),
        type: 'application/json',
        headers: { origin: SITE_ORIGIN },
      })
      expect(noToken.status, action).toBe(403)
    }
  })
})

describe('reminders of unanswered enquiries (REPLY_REMINDER_HOURS)', () => {
  const SECRET = `whsec_${Buffer.from('a test key of thirty-two bytes!!').toString('base64')}`
  let mail: MailServer
  let server: TestServer
  let hook: http.Server
  let hookUrl = ''
  const hits: Array<{ type: string; body: Record<string, unknown> }> = []

  beforeAll(async () => {
    hook = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
        // Signed like every delivery.
        new Webhook(SECRET).verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>)
        hits.push({ type: String(body.type), body })
        res.statusCode = 204
        res.end()
      })
    })
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve))
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`
    mail = await startMailServer()
    // 1.8 seconds.
    server = await startTestServer({
      SMTP_URL: mail.url,
      INBOX_PASSWORD: TEST_PASSWORD,
      REPLY_REMINDER_HOURS: '0.0005',
      WEBHOOK_URLS: hookUrl,
      WEBHOOK_SECRET: SECRET,
    })
  })
  afterAll(async () => {
    await server?.close()
    await mail?.stop()
    await new Promise((r) => hook?.close(r))
  })

  it('reminds the assignee (or the company mailbox) and the webhooks once of an enquiry left unanswered, and not of one answered', async () => {
    const owner = await new InboxClient(server.url).loggedIn()
    expect(
      (await postJson(server.url, { formType: 'QuickEnquiry', formData: { ...validData.quickEnquiry, name: 'Left Waiting' } })).status,
    ).toBe(200)
    expect(
      (await postJson(server.url, { formType: 'QuickEnquiry', formData: { ...validData.quickEnquiry, name: 'Answered Soon' } })).status,
    ).toBe(200)
    const rows = (await owner.getJson<{ rows: Array<{ id: number; name: string; reference: string }> }>('/admin/api/enquiries')).body.rows
    const answered = rows.find((r) => r.name === 'Answered Soon')!
    const waiting = rows.find((r) => r.name === 'Left Waiting')!
    expect(
      (await owner.action(`/admin/api/enquiries/${answered.id}/reply`, { language: 'en', subject: 'Hello', body: 'Prices follow.' }))
        .status,
    ).toBe(200)
    // A third, assigned to a salesperson: their reminder goes to them.
    expect(
      (await postJson(server.url, { formType: 'QuickEnquiry', formData: { ...validData.quickEnquiry, name: 'Assigned Waiting' } })).status,
    ).toBe(200)
    const { person, token } = await server.store.people.invite('nisha@example.com', 'sales', Date.now())
    await server.store.people.use(token, 'invitation', Date.now(), { name: 'Nisha', passwordHash: '$scrypt$unused' })
    const assigned = (await owner.getJson<{ rows: Array<{ id: number; name: string }> }>('/admin/api/enquiries')).body.rows.find(
      (r) => r.name === 'Assigned Waiting',
    )!
    await server.store.desk.assign(assigned.id, person.id)

    const nishas = await waitFor(
      () => mail.received.find((m) => m.parsed.subject?.startsWith('Unanswered for') && m.parsed.subject.includes('Assigned Waiting')),
      10_000,
      'her reminder',
    )
    expect(recipients(nishas)).toBe('nisha@example.com')
    const reminder = await waitFor(
      () => mail.received.find((m) => m.parsed.subject?.startsWith('Unanswered for') && m.parsed.subject.includes('Left Waiting')),
      10_000,
      'the reminder',
    )
    expect(recipients(reminder)).toBe('enquiries@example.test')
    expect(reminder.parsed.subject).toContain(waiting.reference)
    expect(reminder.parsed.subject).toContain('Left Waiting')
    expect(reminder.parsed.text).toContain(`/admin/enquiries/${waiting.id}`)
    await waitFor(() => hits.filter((h) => h.type === 'enquiry.unanswered').length === 2 || undefined, 10_000, 'the webhook events')
    expect(
      hits
        .filter((h) => h.type === 'enquiry.unanswered')
        .map((h) => (h.body.data as { id: number }).id)
        .sort(),
    ).toEqual([waiting.id, assigned.id].sort())

    // Once: several more looks at the clock later, still one of each, and none for the answered one.
    await new Promise((r) => setTimeout(r, 1_500))
    expect(mail.received.filter((m) => m.parsed.subject?.startsWith('Unanswered for'))).toHaveLength(2)
    expect(hits.filter((h) => h.type === 'enquiry.unanswered')).toHaveLength(2)
    const detail = (await owner.getJson<EnquiryDetail>(`/admin/api/enquiries/${waiting.id}`)).body
    expect(detail.mails.map((m) => m.label)).toContain('Reminder: unanswered')
  })
})

describe('who owns an enquiry', () => {
  let mail: MailServer
  let server: TestServer
  let owner: InboxClient
  const SALES_PASSWORD = 'a salesperson’s own long password'

  beforeAll(async () => {
    mail = await startMailServer()
    server = await startTestServer({ SMTP_URL: mail.url, INBOX_PASSWORD: TEST_PASSWORD })
    owner = await new InboxClient(server.url).loggedIn()
  })
  afterAll(async () => {
    await server?.close()
    await mail?.stop()
  })

  async function salesperson(email: string, name: string): Promise<{ client: InboxClient; id: number }> {
    const { status, body } = await owner.action('/admin/api/people/invite', { email, role: 'sales' })
    expect(status).toBe(200)
    const client = new InboxClient(server.url)
    expect((await client.accept(body.link as string, name, SALES_PASSWORD)).status).toBe(200)
    return { client, id: (await server.store.people.byEmail(email))!.id }
  }
  const enquiryOf = async (client: InboxClient, email: string) => {
    const rows = (await client.getJson<{ rows: Array<{ id: number; email: string }> }>('/admin/api/enquiries')).body.rows
    return rows.find((r) => r.email === email)!.id
  }

  it('a salesperson takes an unassigned enquiry; only an owner gives one to someone else; "Mine" lists theirs', async () => {
    const ravi = await salesperson('ravi@example.com', 'Ravi')
    const meera = await salesperson('meera@example.com', 'Meera')
    expect(
      (await postJson(server.url, { formType: 'QuickEnquiry', formData: { ...validData.quickEnquiry, email: 'first.buyer@example.org' } }))
        .status,
    ).toBe(200)
    const id = await enquiryOf(owner, 'first.buyer@example.org')
    const url = `/admin/api/enquiries/${id}/assign`

    expect(await ravi.client.action(url, { personId: meera.id })).toMatchObject({
      status: 403,
      body: { error: 'Only an owner can give an enquiry to someone else.' },
    })
    expect(await ravi.client.action(url, { personId: ravi.id })).toMatchObject({ status: 200 })
    expect(await meera.client.action(url, { personId: meera.id })).toMatchObject({ status: 409 })
    expect((await meera.client.action(url, { personId: null })).status).toBe(403)
    const detail = (await ravi.client.getJson<EnquiryDetail>(`/admin/api/enquiries/${id}`)).body
    expect(detail.assignee).toEqual({ id: ravi.id, name: 'Ravi', email: 'ravi@example.com' })

    const mine = async (client: InboxClient) =>
      (await client.getJson<{ rows: Array<{ id: number }> }>('/admin/api/enquiries?person=mine')).body.rows.map((r) => r.id)
    expect(await mine(ravi.client)).toEqual([id])
    expect(await mine(meera.client)).toEqual([])
    expect(
      (await owner.getJson<{ rows: Array<{ id: number }> }>('/admin/api/enquiries?person=none')).body.rows.map((r) => r.id),
    ).not.toContain(id)
    expect((await owner.getJson('/admin/api/enquiries?person=someone')).status).toBe(400)

    // The owner gives it to Meera; the audit says who gave it to whom.
    expect(await owner.action(url, { personId: meera.id })).toMatchObject({ status: 200 })
    expect(await mine(meera.client)).toEqual([id])
    expect(await owner.action(url, { personId: 999_999 })).toMatchObject({ status: 400 })
    const audit = (await server.store.audit.list({}, 100)).rows.filter((r) => r.action === 'assign')
    expect(audit.map((r) => [r.actor, r.detail])).toEqual(
      expect.arrayContaining([
        ['ravi@example.com', { to: 'ravi@example.com' }],
        ['owner (shared password)', { to: 'meera@example.com' }],
      ]),
    )

    // A returning buyer goes to whoever has their enquiry; a new one to nobody.
    expect(
      (await postJson(server.url, { formType: 'QuickEnquiry', formData: { ...validData.quickEnquiry, email: 'First.Buyer@example.org' } }))
        .status,
    ).toBe(200)
    expect(
      (await postJson(server.url, { formType: 'QuickEnquiry', formData: { ...validData.quickEnquiry, email: 'new.buyer@example.org' } }))
        .status,
    ).toBe(200)
    const rows = (
      await owner.getJson<{ rows: Array<{ id: number; email: string; assignee: { id: number } | null }> }>('/admin/api/enquiries')
    ).body.rows
    expect(rows.find((r) => r.email === 'First.Buyer@example.org')!.assignee?.id).toBe(meera.id)
    expect(rows.find((r) => r.email === 'new.buyer@example.org')!.assignee).toBeNull()

    // The owner's rules: the product's first, then the country's (the form's, or the dial code's).
    const choices = (await owner.getJson<{ products: string[]; countries: string[] }>('/admin/api/routing')).body
    expect(choices.products).toContain('Cardamom')
    expect(choices.countries).toEqual(expect.arrayContaining(['Germany', 'United Arab Emirates']))
    expect((await ravi.client.getJson('/admin/api/routing')).status).toBe(403)
    expect(await owner.action('/admin/api/routing', { kind: 'product', value: 'Cardamom', personId: ravi.id })).toMatchObject({
      status: 200,
    })
    expect(await owner.action('/admin/api/routing', { kind: 'country', value: 'Germany', personId: meera.id })).toMatchObject({
      status: 200,
    })
    expect(await owner.action('/admin/api/routing', { kind: 'country', value: 'Atlantis', personId: meera.id })).toMatchObject({
      status: 400,
      body: { error: 'Choose a country of the list.' },
    })
    const send = async (email: string, formType: string, formData: Record<string, unknown>) =>
      expect((await postJson(server.url, { formType, formData: { ...formData, email } })).status).toBe(200)
    // Cardamom from Germany: the product's rule wins.
    await send('cardamom.de@example.org', 'ExportEnquiry', { ...validData.exportEnquiry, product: 'Cardamom' })
    // Clove from Germany, named only by its dial code (+49, the country left empty): the country's rule.
    await send('clove.de@example.org', 'ExportEnquiry', { ...validData.exportEnquiry, product: 'Clove', country: '' })
    // Clove from India: no rule.
    await send('clove.in@example.org', 'ExportEnquiry', {
      ...validData.exportEnquiry,
      product: 'Clove',
      countryCode: '91',
      country: 'India',
      mobile: '91 9876543210',
    })
    const routed = (await owner.getJson<{ rows: Array<{ email: string; assignee: { id: number } | null }> }>('/admin/api/enquiries')).body
      .rows
    const owner_ = (email: string) => routed.find((r) => r.email === email)!.assignee?.id ?? null
    expect([owner_('cardamom.de@example.org'), owner_('clove.de@example.org'), owner_('clove.in@example.org')]).toEqual([
      ravi.id,
      meera.id,
      null,
    ])
    const rules = (await owner.getJson<{ rules: Array<{ id: number; value: string }> }>('/admin/api/routing')).body.rules
    expect(rules.map((r) => r.value)).toEqual(['Germany', 'Cardamom'])
    expect((await owner.action(`/admin/api/routing/${rules[0]!.id}/delete`)).status).toBe(200)
    expect((await owner.getJson<{ rules: unknown[] }>('/admin/api/routing')).body.rules).toHaveLength(1)

    // A salesperson's reply is signed with their name, and the buyer's answer goes to them.
    const templates = (await meera.client.getJson<ReplyTemplates>(`/admin/api/enquiries/${id}/reply-templates`)).body
    expect(templates.languages[0]!.templates[0]!.body).toMatch(/\nMeera\n/)
    expect(
      (
        await meera.client.action(`/admin/api/enquiries/${id}/reply`, {
          language: 'en',
          subject: 'Prices',
          body: 'Prices follow.\n\nMeera',
        })
      ).status,
    ).toBe(200)
    const reply = await waitFor(() => mail.received.find((m) => m.parsed.subject?.startsWith('Prices')), 10_000, 'the reply')
    expect(recipients(reply)).toBe('first.buyer@example.org')
    expect(reply.parsed.replyTo?.value[0]).toMatchObject({ address: 'meera@example.com', name: 'Meera' })
    const conversation = (await owner.getJson<EnquiryDetail>(`/admin/api/enquiries/${id}`)).body.replies
    expect(conversation.at(-1)!.author).toBe('Meera <meera@example.com>')
    // Her response time is hers on the dashboard.
    const { body: dashboard } = await owner.getJson<InboxDashboard>('/admin/api/dashboard')
    expect(dashboard.responseTimes['90'].byPerson.find((p) => p.name === 'Meera')).toMatchObject({ answered: 1, within24h: 1 })
  })
})
