// Words and times as the owner reads them in the inbox.
import { companyTime } from '../../project/company-time.ts'
import type { InboxRow } from './api.ts'

export const STATE_LABELS: Record<InboxRow['state'], string> = { open: 'Open', handled: 'Handled', spam: 'Spam' }
export const MAIL_LABELS: Record<NonNullable<InboxRow['mail']>, string> = {
  queued: 'Mail queued',
  sent: 'Mail sent',
  failed: 'Mail failed',
}

/** The company's time zone, from the session (TIME_ZONE); the browser's until it is known. */
let companyZone: string | undefined

export function setCompanyTimeZone(zone: string): void {
  companyZone = zone
}

/** "28 Nov 2026, 22:16 IST": in the company's time zone, as the mails and the CSV say it. */
export function formatTime(ms: number): string {
  return companyTime(ms, inboxTimeZone())
}

/** The zone the inbox's days and times are in: the company's. */
export function inboxTimeZone(): string {
  return companyZone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC')
}

/**
 * A mailto: link that writes to exactly this address. Every sign with a meaning in a URL is
 * percent-encoded (`?` would start header fields such as a Cc or a body, `%` an escape, `,` a second
 * address), the `@` kept for readability: spam is shown as it came, so its address can be anything.
 */
export function mailtoHref(address: string): string {
  return `mailto:${encodeURIComponent(address).replaceAll('%40', '@')}`
}

/** A notice that survives the move to another page of the inbox (after a deletion). */
export const notice = {
  set: (text: string) => sessionStorage.setItem('inbox-notice', text),
  take: (): string | undefined => {
    const text = sessionStorage.getItem('inbox-notice') ?? undefined
    sessionStorage.removeItem('inbox-notice')
    return text
  },
}
