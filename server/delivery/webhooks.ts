// Webhooks: each accepted enquiry POSTed to every endpoint of WEBHOOK_URLS, through the outbox
// (retried with backoff, each endpoint once per enquiry). Signed as the Standard Webhooks
// specification says (https://www.standardwebhooks.com): `webhook-id` (the same on every retry),
// `webhook-timestamp`, and `webhook-signature` with WEBHOOK_SECRET (a `whsec_…` key). Three bodies:
// the generic JSON event, a Slack incoming webhook's message, and a Microsoft Teams Adaptive Card;
// docs/enquiry-service.md ("Webhooks") says how each endpoint's is chosen. An endpoint's URL is a secret of
// its own (Slack's and Teams' carry their key in it): only its host is ever logged or shown.
import { Webhook } from 'standardwebhooks'
import { fieldLabel, LONG_FIELDS } from '../enquiries/fields.ts'
import { DEFAULT_LANGUAGE, languageLabel } from '../enquiries/languages.ts'
import { isSuspected } from '../enquiries/spam.ts'
import type { OutboxMessage, Submission } from '../store/index.ts'
import { parseWebhookEndpoint, type WebhookFormat } from './webhook-endpoints.ts'
import { fieldValueText, quoteItemsOf, quoteQuantityText } from '../../project/inbox-api.ts'

export interface WebhookSettings {
  /** `whsec_…`: signs every delivery; required for generic JSON endpoints. */
  secret: string | undefined
  /** Longest one attempt may take, connection to the end of the answer's headers. */
  timeoutMs: number
}

/** The event type of a submission: an enquiry, or a review awaiting moderation. */
export function eventType(submission: Pick<Submission, 'kind'>): string {
  return submission.kind === 'review' ? 'review.received' : 'enquiry.received'
}

/** Where the owner opens the enquiry. */
function inboxUrl(siteUrl: string, id: number): string {
  return `${siteUrl}/admin/enquiries/${id}`
}

function text(submission: Submission, field: string): string {
  return fieldValueText(submission.data[field])
}

/** The generic event (Standard Webhooks' `type`, `timestamp`, `data`); `event` when it is not the
 * submission's own arrival (enquiry.unanswered, stamped when it was queued: `at`). */
export function jsonEvent(submission: Submission, siteUrl: string, event?: { type: string; at: number }) {
  return {
    type: event?.type ?? eventType(submission),
    timestamp: new Date(event?.at ?? submission.receivedAt).toISOString(),
    data: {
      id: submission.id,
      reference: submission.reference,
      receivedAt: new Date(submission.receivedAt).toISOString(),
      formType: submission.formType,
      kind: submission.kind,
      /** The language of the page it was sent from ('ar'). */
      language: submission.language,
      product: submission.product,
      name: submission.name,
      email: submission.email,
      company: text(submission, 'company'),
      country: text(submission, 'country'),
      phone: text(submission, 'mobile'),
      fields: submission.data,
      /** A quotation's items, one object each (product, quantity, unit, finish, size, samples); empty for other enquiries. */
      items: quoteItemsOf(submission.data),
      /** Delivered although its weak spam signals reached the spam score (server/enquiries/spam.ts); `spamReasons` say why. */
      suspected: isSuspected(submission),
      spamReasons: submission.spamReasons ?? [],
      inboxUrl: inboxUrl(siteUrl, submission.id),
    },
  }
}

function headline(submission: Submission, event?: { type: string; at: number }): string {
  const hours = event ? Math.round((event.at - submission.receivedAt) / 360_000) / 10 : 0
  const what = event
    ? `Unanswered for ${hours} ${hours === 1 ? 'hour' : 'hours'}: enquiry`
    : submission.kind === 'review'
      ? 'New review awaiting moderation'
      : 'New enquiry'
  const about = submission.product ? ` about ${submission.product}` : ''
  return `${what}${about} from ${submission.name}${submission.reference ? ` (ref. ${submission.reference})` : ''}`
}

/** The enquiry's chief facts, label and value, for the chat formats; its language unless English, as in the owner's mail. */
function facts(submission: Submission): Array<{ field: string; title: string; value: string }> {
  const fields = ['company', 'country', 'email', 'mobile', 'quantity', 'incoterm', 'port', 'requirement', 'message', 'rating']
  // A quotation's items, one line each, numbered as the buyer listed them.
  const items = quoteItemsOf(submission.data).map((item, i) => ({
    field: 'item',
    title: `${i + 1}. ${item.product}`,
    value: [quoteQuantityText(item), item.finish, item.size, item.samples === 'yes' ? 'samples first' : ''].filter(Boolean).join(', '),
  }))
  const language =
    submission.language && submission.language !== DEFAULT_LANGUAGE
      ? [{ field: 'language', title: 'Language', value: languageLabel(submission.language) }]
      : []
  // A suspected enquiry says so first, with why, as the owner's mail does.
  const suspected = isSuspected(submission)
    ? [{ field: 'suspected', title: 'Suspected spam', value: (submission.spamReasons ?? []).join('; ') }]
    : []
  return [
    ...suspected,
    ...items,
    ...fields.map((field) => ({ field, title: fieldLabel(field), value: text(submission, field) })),
    ...language,
  ]
    .filter((fact) => fact.value !== '')
    .map((fact) => ({ ...fact, value: fact.value.length > 500 ? `${fact.value.slice(0, 499)}…` : fact.value }))
}

/**
 * A visitor's text made inert for Slack's mrkdwn
 * (https://api.slack.com/reference/surfaces/formatting#escaping): &, < and > as the entities Slack
 * asks for (no link, mention or quote), and the formatting characters * _ ~ ` replaced by
 * lookalikes (∗ ˍ ∼ ˋ): Slack has no escape for them, and a zero-width space beside one makes a
 * word boundary, which can start formatting rather than stop it. The inbox keeps the text as typed.
 */
export function slackEscape(value: string): string {
  return value.replace(/[&<>*_~`]/g, (c) => SLACK_INERT[c]!)
}

const SLACK_INERT: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '*': '\u2217',
  _: '\u02CD',
  '~': '\u223C',
  '`': '\u02CB',
}

/** A field on one line (its breaks folded): a line break could start a line that looks like another field. */
function slackLine(value: string): string {
  return slackEscape(value.replace(/\s*[\r\n\u0085\u2028\u2029]+\s*/g, ' ').trim())
}

/** A buyer's text as a quoted block under its label: every line starts with "> ", so none reads as a field of ours. */
function slackQuote(value: string): string {
  return value
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n')
    .split('\n')
    .map((line) => `> ${slackEscape(line)}`)
    .join('\n')
}

/** A Slack incoming webhook's message: a text line and a section of fields, the buyer's long texts quoted. */
export function slackMessage(submission: Submission, siteUrl: string, event?: { type: string; at: number }) {
  const title = slackLine(headline(submission, event))
  const lines = facts(submission).map((f) =>
    LONG_FIELDS.has(f.field) ? `*${slackLine(f.title)}:*\n${slackQuote(f.value)}` : `*${slackLine(f.title)}:* ${slackLine(f.value)}`,
  )
  return {
    text: title,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${title}*` } },
      ...(lines.length ? [{ type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') } }] : []),
      {
        type: 'actions',
        elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open in the inbox' }, url: inboxUrl(siteUrl, submission.id) }],
      },
    ],
  }
}

/** Markdown characters of an Adaptive Card's text, escaped so a visitor's text cannot make a link. */
function cardEscape(value: string): string {
  return value.replace(/[\\`*_[\]()#+\-!<>]/g, (c) => `\\${c}`)
}

/** A Microsoft Teams incoming webhook's (or Workflows') message: an Adaptive Card. */
export function teamsMessage(submission: Submission, siteUrl: string, event?: { type: string; at: number }) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: cardEscape(headline(submission, event)), weight: 'Bolder', size: 'Medium', wrap: true },
            { type: 'FactSet', facts: facts(submission).map((f) => ({ title: f.title, value: cardEscape(f.value) })) },
          ],
          actions: [{ type: 'Action.OpenUrl', title: 'Open in the inbox', url: inboxUrl(siteUrl, submission.id) }],
        },
      },
    ],
  }
}

export function webhookBody(format: WebhookFormat, submission: Submission, siteUrl: string, event?: { type: string; at: number }): unknown {
  if (format === 'slack') return slackMessage(submission, siteUrl, event)
  if (format === 'teams') return teamsMessage(submission, siteUrl, event)
  return jsonEvent(submission, siteUrl, event)
}

/**
 * One attempt at a webhook delivery: resolves with a note of the endpoint's answer once it answers
 * 2xx; rejects on any other answer, a timeout or a network failure (the outbox retries it). The
 * `webhook-id` is the outbox message's, fixed when it was queued.
 */
export async function deliverWebhook(message: OutboxMessage, settings: WebhookSettings, now = new Date()): Promise<string> {
  const endpoint = parseWebhookEndpoint(message.target ?? '')
  if (typeof endpoint === 'string') throw new Error(`the webhook endpoint ${endpoint}`)
  const host = endpoint.url.host
  const event = message.event ? { type: message.event, at: message.createdAt } : undefined
  const payload = JSON.stringify(webhookBody(endpoint.format, message.submission, message.siteUrl ?? '', event))
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'enquiry-service-webhooks',
    'webhook-id': message.messageId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
  }
  if (settings.secret) headers['webhook-signature'] = new Webhook(settings.secret).sign(message.messageId, now, payload)
  let response: Response
  try {
    response = await fetch(endpoint.url, {
      method: 'POST',
      headers,
      body: payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(settings.timeoutMs),
    })
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${settings.timeoutMs / 1000} s`
        : (cause?.code ?? cause?.message ?? (error as Error).message)
    throw new Error(`webhook ${host} (${endpoint.format}): ${reason}`)
  }
  const answer = (await response.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 200)
  if (!response.ok) {
    throw new Error(`webhook ${host} (${endpoint.format}) answered ${response.status}${answer ? `: ${answer}` : ''}`)
  }
  return `webhook ${host} (${endpoint.format}): ${response.status}`
}
