// POST /api/submit: check, validate, judge spam (server/enquiries/spam.ts), store durably, queue the mail, then answer.
// JSON requests (the forms with JavaScript) get JSON; classic urlencoded posts (JavaScript off) get
// a 303 to the thank-you page, or the problem page listing what to fix.
import type { Request, Response } from 'express'
import { combineMobile, type FormValidator, HONEYPOT_FIELD, QUOTE_MAX_ITEMS } from '../../forms/schemas.ts'
import { normaliseText } from '../../forms/text-rules.ts'
import { type FormMessages, fillIn } from '../../project/form-messages.ts'
import type { EnquiryVisit } from '../../project/analytics.ts'
import { enquiryVisit } from '../analytics/visitor.ts'
import { addToRequestLine } from '../http/access-log.ts'
import { bodyType, decodeUtf8, parseJson, parseUrlencoded, readBody, RequestError } from '../http/body.ts'
import { LONG_FIELDS } from './fields.ts'
import type { HeaderList } from '../http/headers.ts'
import { escapeHtml } from '../html.ts'
import { productOf } from './fields.ts'
import type { FormTypeEntry, SiteLanguage } from '../site.ts'
import { type BurstRule, type FormTokens, linksIn, spamVerdict, type TokenCheck, USED_TOKEN_KEPT_MS } from './spam.ts'
import type { StaticSite } from '../http/static.ts'
import { type EnquiryStore, type FieldValue, type NewSubmission, StoreUnavailableError } from '../store/index.ts'

export const BODY_LIMIT = 16 * 1024
/** More than any form has (the review form has 10 fields plus the honeypot). */
export const MAX_FIELDS = 32
const MAX_LIST_ITEMS = 16
/** A quotation without JavaScript posts a row for every product of the catalogue (quantity, unit,
 * and a granite shade's finish and size): its fields are bounded by BODY_LIMIT rather than counted. */
const MAX_CLASSIC_QUOTE_FIELDS = 2000
/** More items than this is not a buyer's quotation: refused before validation (zod's limit, with
 * its clear message, is QUOTE_MAX_ITEMS). */
const MAX_QUOTE_ITEMS_READ = 100
/** The fields of a quotation's item, as the JSON form sends them. */
const QUOTE_ITEM_FIELDS = new Set(['product', 'quantity', 'unit', 'finish', 'size', 'samples'])
/** Names that mean something to JavaScript objects; no form field has them. */
const FORBIDDEN_NAMES = new Set(['__proto__', 'constructor', 'prototype'])
const ERRORS_MARKER = '<div data-form-errors=""></div>'
export const THANK_YOU_PATH = '/thank-you'
const PROBLEM_PAGE_PATH = '/enquiry-problem'
const DEFAULT_FORM_PAGE = '/contact'

/** A language of the site, with the forms' validation in its words. */
export interface SubmitLanguage extends SiteLanguage {
  /** The forms' validation, with the site's catalogue of products (formValidator in forms/schemas.ts). */
  validate: FormValidator
}

export interface SubmitContext {
  store: EnquiryStore
  staticSite: StaticSite
  /** The pages' security headers: a classic post's problem page is a page (its CSP allows its inline CSS). */
  pageHeaders: HeaderList
  formTypes: Map<string, FormTypeEntry>
  /** Telephone country code → country, for routing an enquiry that names no country (the built site's). */
  dialCodes?: ReadonlyMap<string, string>
  /** The site's languages by code, the default (English) first: a form is answered in its page's. */
  languages: ReadonlyMap<string, SubmitLanguage>
  siteUrl: string
  /** Set when the built forms post here from another origin (the build's API_ORIGIN): the pages
   * are not on this server's origin, so redirects and links back name the page's origin in full. */
  pagesElsewhere: boolean
  /** Is this Origin (or Referer origin) one of ours? */
  isAllowedOrigin(origin: string): boolean
  /** Called after a mail was queued, to wake the outbox worker. */
  onQueued(): void
  /** The form time tokens, signed with the key kept in the store (server/enquiries/spam.ts). */
  formTokens(): Promise<FormTokens>
  /** When submissions from one address are a burst (burstRule in server/enquiries/spam.ts). */
  burst: BurstRule
  /** FORM_MIN_FILL_SECONDS in ms. */
  minFillMs: number
  /** Mail buyers an acknowledgement (ACKNOWLEDGE_BUYERS). */
  acknowledgeBuyers: boolean
  /** At most this many in any hour (ACKNOWLEDGEMENTS_PER_HOUR). */
  acknowledgementsPerHour: number
  /** The endpoints of WEBHOOK_URLS. */
  webhooks: string[]
  /** Counts an accepted enquiry for the visit counter (server/analytics/); never awaited. */
  countEnquiry?: (req: Request, visit: EnquiryVisit | undefined, language: string) => Promise<void>
}

interface Envelope {
  formType: string
  entry: FormTypeEntry
  formData: Record<string, unknown>
  /** The form's time token (GET /api/form-token); absent from a post without JavaScript. */
  formToken: unknown
  language: SubmitLanguage
  /** What brought the buyer (project/analytics.ts), from the form's JSON; absent from a classic post. */
  visit?: EnquiryVisit | undefined
}

/** The first formType of a urlencoded body (the one classicEnvelope takes), or '' when there is none. */
function classicFormType(text: string): string {
  const pair = /(?:^|&)(formType=[^&]*)/.exec(text)?.[1]
  return pair === undefined ? '' : (new URLSearchParams(pair).get('formType') ?? '')
}

/** The language a form names, if the site has it; anything else (none, unknown, not text) is the default's. */
export function languageOf(languages: ReadonlyMap<string, SubmitLanguage>, value: unknown): SubmitLanguage {
  const code = Array.isArray(value) ? value[0] : value
  return (typeof code === 'string' ? languages.get(code) : undefined) ?? languages.values().next().value!
}

/** Handles a POST; a RequestError is answered here, anything else is thrown to the caller as a fault. */
export function createSubmitHandler(ctx: SubmitContext): (req: Request, res: Response) => Promise<void> {
  return async (req, res) => {
    const classic = isClassicPost(req)
    // Until the body says otherwise, the answer is in the default language.
    let language = languageOf(ctx.languages, undefined)
    try {
      const origin = req.headers.origin
      if (origin !== undefined && !ctx.isAllowedOrigin(origin)) {
        // Logged with what is allowed: behind a misconfigured proxy this is the first thing to check.
        req.log.warn({ origin, allowed: ctx.siteUrl }, 'enquiry refused: origin not allowed (set SITE_URL or ALLOWED_ORIGINS)')
        throw new RequestError(403, 'Enquiries are accepted only from our own website.')
      }
      const type = bodyType(req)
      const text = decodeUtf8(await readBody(req, BODY_LIMIT))
      let envelope: Envelope
      if (type === 'json') {
        const body = parseJson(text)
        language = languageOf(ctx.languages, isPlainObject(body) ? body.language : undefined)
        envelope = jsonEnvelope(body, ctx.formTypes, language)
      } else {
        // The form's own bound, known before the fields are read: a post to any other form than the
        // quotation is told its limit, however many fields it sent.
        const quote = ctx.formTypes.get(classicFormType(text))?.kind === 'quoteRequest'
        const fields = parseUrlencoded(text, quote ? MAX_CLASSIC_QUOTE_FIELDS : MAX_FIELDS + MAX_LIST_ITEMS)
        language = languageOf(ctx.languages, fields.language)
        envelope = classicEnvelope(fields, ctx.formTypes, language)
      }
      const outcome = await accept(ctx, req, res, envelope)
      if (classic) {
        // A bodyless redirect (every client that posts a form follows Location) to one of the site's
        // own pages, in the form's language where the site has that page: its path, or the page on
        // an allowed origin; nothing a client wrote beyond that.
        const thanks = [`${language.prefix}${THANK_YOU_PATH}`, THANK_YOU_PATH, '/'].find((p) => p === '/' || ctx.staticSite.has(p))!
        res.status(303).setHeader('Location', pageUrl(ctx, req, thanks))
        res.end()
      } else res.json({ success: true, message: outcome.message, reference: outcome.reference })
    } catch (error) {
      if (!(error instanceof RequestError)) throw error
      addToRequestLine(res, { refused: error.message, fields: Object.keys(error.errors) })
      sendRefusal(ctx, req, res, error, classic, language)
    }
  }
}

export function isClassicPost(req: Request): boolean {
  return (req.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')
}

async function accept(
  ctx: SubmitContext,
  req: Request,
  res: Response,
  { formType, entry, formData, formToken, language, visit }: Envelope,
): Promise<{ message: string; reference: string }> {
  const requestId = String(req.id)
  const receivedAt = Date.now()
  const honeypot = formData[HONEYPOT_FIELD]
  const robot = typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot !== undefined && honeypot !== null
  const result = language.validate(entry.kind, formData)
  // A bot that filled the hidden field is thanked whatever else it sent, and learns nothing.
  if (!result.ok && !robot) throw validationError(result.errors, language.messages, formData.items)
  const [tokens, fromAddress] = await Promise.all([
    ctx.formTokens(),
    req.ip === undefined ? 0 : ctx.store.countFromAddress(req.ip, receivedAt - ctx.burst.windowMs),
  ])
  const verdict = spamVerdict({
    honeypot: robot,
    token: await usedOnce(ctx, tokens.check(formToken, receivedAt), receivedAt),
    ...linksIn(formData),
    fromAddress: fromAddress + 1,
    burst: ctx.burst,
    minFillMs: ctx.minFillMs,
  })
  const spam = verdict.spam
  const data: Record<string, FieldValue> = result.ok ? withoutHoneypot(result.data) : rawStrings(formData)
  const submission: NewSubmission = {
    receivedAt,
    formType,
    kind: entry.kind,
    product: productOf(data, entry.product),
    name: String(data.name ?? '').slice(0, 200),
    email: String(data.email ?? '').slice(0, 254),
    data,
    status: spam ? 'spam' : entry.kind === 'review' ? 'pending_moderation' : 'received',
    ip: req.ip,
    userAgent: normaliseText(req.headers['user-agent'] ?? '', 'single').slice(0, 500) || undefined,
    requestId,
    spamScore: verdict.score,
    spamReasons: verdict.reasons,
    language: language.code,
    country: buyerCountry(data, ctx.dialCodes),
    // A visitor who asked not to be tracked (GPC, DNT) has no visit kept with the enquiry either.
    visit: req.headers['sec-gpc'] === '1' || req.headers.dnt === '1' ? undefined : visit,
  }
  // The store queues the deliveries with the submission: the owner's mail, the buyer's
  // acknowledgement (never for a review), each webhook. Each is composed when it is sent. Spam is
  // stored and answered like any enquiry, with a reference, so a bot learns nothing; it gets no
  // deliveries until the owner says "Not spam". A suspected submission is delivered, marked, but
  // not acknowledged: the acknowledgement goes to an address the visitor typed, and one that looks
  // like a robot's may be a stranger's (the owner's reply reaches a real buyer all the same).
  const { id, reference } = await ctx.store.addSubmission(
    submission,
    spam
      ? null
      : {
          siteUrl: ctx.siteUrl,
          acknowledge: ctx.acknowledgeBuyers && !verdict.suspected,
          acknowledgementsPerHour: ctx.acknowledgementsPerHour,
          webhooks: ctx.webhooks,
        },
  )
  addToRequestLine(res, {
    submissionId: id,
    formType,
    stored: submission.status,
    spamScore: verdict.score,
    ...(verdict.suspected ? { suspected: true } : {}),
  })
  if (!spam) ctx.onQueued()
  // Counted after it is stored, in the background: a counter that fails never touches the enquiry.
  if (!spam && entry.kind !== 'review') ctx.countEnquiry?.(req, visit, language.code).catch(() => {})
  const answers = language.messages.server
  return { message: entry.kind === 'review' ? answers.reviewReceived : answers.received, reference }
}

/** A valid token is good for one submission: one an earlier submission used counts as none. */
async function usedOnce(ctx: SubmitContext, token: TokenCheck, now: number): Promise<TokenCheck> {
  if (token.kind !== 'valid') return token
  return (await ctx.store.claimFormToken(token.id, token.issuedAt + USED_TOKEN_KEPT_MS, now)) ? token : { kind: 'used' }
}

function jsonEnvelope(body: unknown, formTypes: Map<string, FormTypeEntry>, language: SubmitLanguage): Envelope {
  if (!isPlainObject(body)) {
    throw new RequestError(400, 'The enquiry must be a JSON object with formType and formData.', {
      formType: 'Missing form type.',
      formData: 'Missing form data.',
    })
  }
  checkNames(body, 'form')
  const { formType, formData, formToken, visit } = body
  if (!isPlainObject(formData)) {
    const errors: Record<string, string> = { formData: 'Form data must be an object of the form’s fields.' }
    if (typeof formType !== 'string') errors.formType = 'Missing form type.'
    throw new RequestError(400, 'The enquiry has no form data.', errors)
  }
  return {
    formType: checkFormType(formType, formTypes),
    entry: formTypes.get(formType as string)!,
    formData: checkFields(formData, language.messages, formTypes.get(formType as string)!.kind === 'quoteRequest'),
    formToken,
    language,
    visit: enquiryVisit(visit),
  }
}

/** A classic post: formType (and the page's language) plus the form's fields, flat, with the mobile number not yet combined. */
function classicEnvelope(
  posted: Record<string, string | string[]>,
  formTypes: Map<string, FormTypeEntry>,
  language: SubmitLanguage,
): Envelope {
  // A form without JavaScript sends no token; a script posting the form's fields may send one.
  const { formType, formToken, language: _language, ...fields } = posted
  const type = checkFormType(Array.isArray(formType) ? formType[0] : formType, formTypes)
  const entry = formTypes.get(type)!
  const quote = entry.kind === 'quoteRequest'
  const formData: Record<string, unknown> = quote ? classicQuote(fields, language.messages) : checkFields(fields, language.messages)
  const { countryCode, mobile } = formData
  if (
    (entry.kind === 'productEnquiry' || entry.kind === 'exportEnquiry' || quote) &&
    typeof countryCode === 'string' &&
    typeof mobile === 'string' &&
    mobile.trim() !== '' &&
    !/^[0-9]{1,4} [0-9]+$/.test(mobile.trim())
  ) {
    formData.mobile = combineMobile(countryCode, mobile)
  }
  if (entry.kind === 'review' && typeof formData.likes === 'string') formData.likes = [formData.likes]
  return { formType: type, entry, formData, formToken: Array.isArray(formToken) ? formToken[0] : formToken, language }
}

function checkFormType(formType: unknown, formTypes: Map<string, FormTypeEntry>): string {
  if (typeof formType !== 'string' || formType.trim() === '') {
    throw new RequestError(400, 'The enquiry does not say which form it comes from.', { formType: 'Missing form type.' })
  }
  if (!formTypes.has(formType)) {
    throw new RequestError(400, 'The enquiry comes from a form we do not know.', { formType: 'Unknown form type.' })
  }
  return formType
}

function checkNames(object: Record<string, unknown>, what: string): void {
  for (const name of Object.keys(object)) {
    if (FORBIDDEN_NAMES.has(name)) {
      throw new RequestError(400, `The ${what} has a field name that is not allowed: ${name}.`, {
        [name]: 'This field name is not allowed.',
      })
    }
  }
}

/**
 * A quotation posted without JavaScript: the page lists every product, each row's fields named after
 * it (`quantity:Clove`, `unit:Clove`, `finish:Star Blue`, `size:Star Blue`, `samples:Clove`). The rows
 * with a quantity become the items, in the page's order; the rest are the buyer's fields.
 */
function classicQuote(posted: Record<string, string | string[]>, messages: FormMessages): Record<string, unknown> {
  const rows = new Map<string, Record<string, string>>()
  const rest: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(posted)) {
    const colon = name.indexOf(':')
    const field = colon === -1 ? '' : name.slice(0, colon)
    if (!QUOTE_ITEM_FIELDS.has(field) || field === 'product') {
      rest[name] = value
      continue
    }
    const product = name.slice(colon + 1)
    const row = rows.get(product) ?? { product }
    row[field] = Array.isArray(value) ? (value[0] ?? '') : value
    rows.set(product, row)
  }
  const items = [...rows.values()].filter((row) => (row.quantity ?? '').trim() !== '')
  return { ...checkFields(rest, messages), items: checkItems(items) }
}

/** The items of a quotation, bounded in number and shape: plain objects of an item's fields, text or numbers. */
function checkItems(items: unknown): unknown {
  if (!Array.isArray(items)) return items
  if (items.length > MAX_QUOTE_ITEMS_READ)
    throw new RequestError(400, `The quotation has too many items (at most ${QUOTE_MAX_ITEMS}).`, {
      items: `At most ${QUOTE_MAX_ITEMS} items.`,
    })
  return items.map((item) => {
    if (!isPlainObject(item)) return item
    checkNames(item, 'item')
    const bounded: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(item))
      if (QUOTE_ITEM_FIELDS.has(name) && (typeof value !== 'string' || value.length <= 1000)) bounded[name] = value
    return bounded
  })
}

/** Bounds the shape before validation: few fields, no forbidden names, text (or a short list of
 * text) only; a quotation's `items` is a list of items (checkItems). */
function checkFields(formData: Record<string, unknown>, messages: FormMessages, quote = false): Record<string, unknown> {
  const names = Object.keys(formData)
  if (names.length > MAX_FIELDS) throw new RequestError(400, `The enquiry has too many fields (at most ${MAX_FIELDS}).`)
  checkNames(formData, 'form')
  const errors: Record<string, string> = {}
  const checked: Record<string, unknown> = { ...formData }
  for (const name of names) {
    const value = formData[name]
    if (quote && name === 'items') {
      checked.items = checkItems(value)
      continue
    }
    const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v)
    const ok = scalar(value) || (Array.isArray(value) && value.length <= MAX_LIST_ITEMS && value.every(scalar))
    if (!ok) {
      const label = labelIn(messages, name)
      errors[name] = fillIn(messages.checks.notText, { Field: label, field: label })
    }
  }
  if (Object.keys(errors).length) throw validationError(errors, messages)
  return checked
}

/** A field's label in the answers (server.fieldLabels), or its name when it has none; a field of a
 * quotation's item (items.2.quantity) as "Item 3 (Clove), Quantity", the product as the buyer sent it. */
function labelIn(messages: FormMessages, field: string, items?: unknown): string {
  const item = /^items\.(\d+)\.(\w+)$/.exec(field)
  if (item) {
    const index = Number(item[1])
    const sent = Array.isArray(items) && isPlainObject(items[index]) ? items[index].product : undefined
    const product = typeof sent === 'string' && sent.trim() ? normaliseText(sent, 'single').slice(0, 60) : '?'
    // An item's quantity is its quantity, not the "estimated quantity" of a product enquiry.
    const field = item[2] === 'quantity' ? 'itemQuantity' : item[2]!
    return fillIn(messages.server.quoteItem, { number: index + 1, product, field: labelIn(messages, field) })
  }
  // Own keys only: a field named "constructor" must not find Object.prototype.constructor.
  return Object.hasOwn(messages.server.fieldLabels, field) ? messages.server.fieldLabels[field]! : field
}

function validationError(errors: Record<string, string>, messages: FormMessages, items?: unknown): RequestError {
  const labels = Object.keys(errors).map((field) => labelIn(messages, field, items))
  const summary = labels.length === 1 ? messages.server.checkField : messages.server.checkFields
  // An item's message says which item it is about, as the summary does.
  const named = Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      field,
      field.startsWith('items.') ? `${labelIn(messages, field, items)}: ${message}` : message,
    ]),
  )
  return new RequestError(400, fillIn(summary, { fields: labels.join(', ') }), named)
}

function withoutHoneypot(data: Record<string, unknown>): Record<string, FieldValue> {
  const { [HONEYPOT_FIELD]: _honeypot, ...rest } = data
  return rest as Record<string, FieldValue>
}

/** What a spam post sent, as bounded strings cleaned by the rules of real fields (forms/text-rules.ts),
 * so reviewing spam in the inbox, a spreadsheet or a terminal is as safe as reviewing enquiries. */
function rawStrings(formData: Record<string, unknown>): Record<string, FieldValue> {
  const data: Record<string, FieldValue> = {}
  for (const [name, value] of Object.entries(formData)) {
    if (name === HONEYPOT_FIELD) continue
    const text = Array.isArray(value) ? value.join(', ') : String(value)
    data[normaliseText(name, 'single').slice(0, 64)] = normaliseText(text, LONG_FIELDS.has(name) ? 'multi' : 'single').slice(0, 1000)
  }
  return data
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

type PageContext = Pick<SubmitContext, 'staticSite' | 'pageHeaders' | 'isAllowedOrigin' | 'pagesElsewhere' | 'siteUrl' | 'languages'>

/** `language`: the form's, when known; the default's otherwise. */
export function sendRefusal(
  ctx: PageContext,
  req: Request,
  res: Response,
  error: RequestError,
  classic: boolean,
  language: SiteLanguage = languageOf(ctx.languages, undefined),
): void {
  if (res.headersSent) {
    res.destroy()
    return
  }
  res.setHeader('Cache-Control', 'no-store')
  if (error.status === 413) res.setHeader('Connection', 'close')
  const page = classic ? problemPage(ctx, req, error, language) : undefined
  if (page !== undefined) {
    for (const [name, value] of ctx.pageHeaders) res.setHeader(name, value)
    res.status(error.status).type('html').send(page)
    return
  }
  res.status(error.status).json({ success: false, message: error.message, errors: error.errors })
}

/**
 * Answers an error thrown while handling a request: a client's mistake (a RequestError, or a 4xx
 * error from Node or Express) with its status; a database that cannot store the enquiry now with a
 * 503 (try again later); anything else as a fault, logged, with a 500. Both name the request id, so
 * the owner can find the log line.
 */
export function sendFailure(ctx: PageContext, req: Request, res: Response, error: unknown): void {
  const classic = isClassicPost(req)
  const refusal = error instanceof RequestError ? error : clientErrorRefusal(error)
  if (refusal) {
    sendRefusal(ctx, req, res, refusal, classic)
    return
  }
  if (error instanceof StoreUnavailableError) {
    req.log.error({ err: error, path: req.path }, 'enquiry not stored: the database is unavailable')
    const message = `We could not save your enquiry just now: our database is not answering. Please try again in a few minutes, or e-mail us (reference ${req.id}).`
    sendRefusal(ctx, req, res, new RequestError(503, message), classic)
    return
  }
  req.log.error({ err: error, method: req.method, path: (req.url ?? '/').split('?', 1)[0] }, 'request failed')
  const reference = `Something went wrong on our side and your enquiry was not saved. Please try again later or e-mail us (reference ${req.id}).`
  sendRefusal(ctx, req, res, new RequestError(500, reference), classic)
}

/** Errors thrown by Express or Node for a malformed request carry a 4xx status: refused with it. */
function clientErrorRefusal(error: unknown): RequestError | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode
  return typeof status === 'number' && status >= 400 && status < 500
    ? new RequestError(status, 'The request could not be understood.')
    : undefined
}

/** The prerendered problem page, in the form's language where the site has it, with the errors and a
 * link back to the form that was posted. */
function problemPage(ctx: PageContext, req: Request, error: RequestError, language: SiteLanguage): string | undefined {
  const own = ctx.staticSite.readPage(`${language.prefix}${PROBLEM_PAGE_PATH}`)
  const template = own?.includes(ERRORS_MARKER) ? own : ctx.staticSite.readPage(PROBLEM_PAGE_PATH)
  if (template === undefined || !template.includes(ERRORS_MARKER)) return undefined
  const items = Object.entries(error.errors)
    // An item's message names its item already (validationError).
    .map(([field, message]) =>
      field.startsWith('items.')
        ? `<li>${escapeHtml(message)}</li>`
        : `<li><strong>${escapeHtml(labelIn(language.messages, field))}</strong>: ${escapeHtml(message)}</li>`,
    )
    .join('')
  const back = formPagePath(ctx, req, language)
  const html =
    `<div data-form-errors=""><p>${escapeHtml(error.message)}</p>` +
    (items ? `<ul>${items}</ul>` : '') +
    `<p><a href="${escapeHtml(back)}">${escapeHtml(language.messages.server.backToForm)}</a></p></div>`
  return template.replace(ERRORS_MARKER, () => html)
}

function formPagePath(ctx: PageContext, req: Request, language: SiteLanguage): string {
  const own = `${language.prefix}${DEFAULT_FORM_PAGE}`
  const fallback = () => pageUrl(ctx, req, ctx.staticSite.has(own) ? own : DEFAULT_FORM_PAGE)
  const referer = req.headers.referer
  if (!referer) return fallback()
  try {
    const url = new URL(referer)
    if (!ctx.isAllowedOrigin(url.origin) || !url.pathname.startsWith('/') || url.pathname.startsWith('//')) return fallback()
    return ctx.pagesElsewhere ? `${url.origin}${url.pathname}` : url.pathname
  } catch {
    return fallback()
  }
}

/** A page of the site: a path when this server serves the pages, else in full on the posting page's origin. */
function pageUrl(ctx: PageContext, req: Request, path: string): string {
  if (!ctx.pagesElsewhere) return path
  const origin = req.headers.origin
  return `${origin !== undefined && ctx.isAllowedOrigin(origin) ? origin : ctx.siteUrl}${path}`
}

/** The buyer's country for routing: as the form gives it, or as its telephone country code says. */
function buyerCountry(data: Record<string, FieldValue>, dialCodes: ReadonlyMap<string, string> | undefined): string | undefined {
  if (typeof data.country === 'string' && data.country.trim()) return data.country.trim()
  const code = typeof data.countryCode === 'string' ? data.countryCode.trim() : ''
  return (code && dialCodes?.get(code)) || undefined
}
