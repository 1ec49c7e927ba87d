// What WEBHOOK_URLS holds: each entry's endpoint and the body it gets, and how a delivery is named
// for people. Apart from server/delivery/webhooks.ts (the delivery), so the configuration and the store's
// inbox queries can read them without importing the outbox's delivery code.
import type { DeliveryChannel } from '../../project/inbox-api.ts'

export type WebhookFormat = 'json' | 'slack' | 'teams'

export interface WebhookEndpoint {
  url: URL
  format: WebhookFormat
}

const PREFIX = /^(json|slack|teams):(.*)$/s
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** Which body an endpoint gets, by its host: Slack's and Teams' incoming webhooks have their own. */
export function formatForHost(host: string): WebhookFormat {
  const h = host.toLowerCase()
  if (h === 'hooks.slack.com') return 'slack'
  if (h.endsWith('.webhook.office.com') || h.endsWith('.logic.azure.com') || h.endsWith('.powerplatform.com')) return 'teams'
  return 'json'
}

/**
 * One entry of WEBHOOK_URLS: an https URL, optionally after `json:`, `slack:` or `teams:`, which
 * chooses the body whatever the host (an endpoint behind a proxy of your own). http is allowed only
 * to this machine. Returns the endpoint, or what is wrong with the entry (never the URL itself).
 */
export function parseWebhookEndpoint(entry: string): WebhookEndpoint | string {
  const prefixed = PREFIX.exec(entry.trim())
  const text = prefixed ? prefixed[2]!.trim() : entry.trim()
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return 'must be an https:// URL, optionally after json:, slack: or teams:'
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    return `must use https:// (http:// only to this machine), not ${url.protocol}//${url.host}`
  }
  if (url.username || url.password) return `must not carry a user name or password (${url.host})`
  return { url, format: prefixed ? (prefixed[1] as WebhookFormat) : formatForHost(url.hostname) }
}

/** The secret as the Standard Webhooks library takes it; what is wrong with it otherwise. */
export function checkWebhookSecret(secret: string): string | undefined {
  if (!secret.startsWith('whsec_'))
    return 'must start with whsec_ followed by the key in base64 (e.g. whsec_ and 32 random bytes in base64)'
  const key = secret.slice('whsec_'.length)
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key) || Buffer.from(key, 'base64').length < 24) {
    return 'must be whsec_ followed by at least 24 random bytes in base64'
  }
  return undefined
}

/** A delivery named for people; a webhook by its host only (Slack's and Teams' URLs carry their key). */
export function deliveryLabel(message: { channel: DeliveryChannel; target: string | null }): string {
  if (message.channel === 'owner') return 'Mail to the company mailbox'
  if (message.channel === 'acknowledgement') return 'Acknowledgement to the buyer'
  if (message.channel === 'reply') return 'Reply to the buyer'
  if (message.channel === 'reminder') return 'Reminder: unanswered'
  const endpoint = parseWebhookEndpoint(message.target ?? '')
  if (typeof endpoint === 'string') return 'Webhook (an endpoint no longer valid)'
  const kind = endpoint.format === 'slack' ? 'Slack' : endpoint.format === 'teams' ? 'Microsoft Teams' : 'JSON'
  return `Webhook to ${endpoint.url.host} (${kind})`
}
