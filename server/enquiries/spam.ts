// The spam verdict of a submission: a score from a few signals, each with its reason in words an
// owner understands, stored with the submission and shown in the inbox. Two kinds of signal:
// - strong (the hidden field filled in, a burst from one address): only a robot does that. The
//   submission is held back as spam: stored, thanked like any enquiry (the robot learns nothing),
//   never mailed until the owner says "Not spam";
// - weak (timing, links, markup, a missing, replayed, stale or damaged time token): a person can do
//   each (a buyer who typed before the page's script came, pasted links to their own site, or has
//   JavaScript off). However many add up, they never hide a buyer: at SPAM_THRESHOLD or more the
//   submission is delivered as any enquiry, marked suspected with its reasons (the owner's mail,
//   the inbox, the webhooks), and gets no acknowledgement.
// No signal refuses anyone. Nothing here sets a cookie or calls anyone else.
//
// The time token: the form's island asks GET /api/form-token for "<issued at ms>.<nonce>.<HMAC-SHA256>"
// when it hydrates and sends it with the form; the server checks the signature and the age, and
// records the token as used (the store's used_form_tokens), so it is good for one submission: sent
// again it counts as none. The key is generated once and kept in the database (service_keys), so
// every instance on one PostgreSQL agrees without any setting, and a restore carries it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { HONEYPOT_FIELD } from '../../forms/schemas.ts'

/** Weak signals scoring this or more mark a submission suspected; a strong signal holds it back as spam. */
export const SPAM_THRESHOLD = 5
/** A token older than this is stale (a page left open, or a token kept and replayed by a script). */
export const TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000
/**
 * How long a used token is remembered after it was issued: past its stale age, so a token replayed
 * after it is forgotten scores as stale (2 points), never less than as used (1, as none).
 */
export const USED_TOKEN_KEPT_MS = 2 * TOKEN_MAX_AGE_MS
/**
 * A burst from one address: counted in the store over the rate limit's window (RATE_LIMIT_WINDOW_SECONDS,
 * 10 minutes by default), spam from half the rate limit's enquiries (RATE_LIMIT_MAX, 10: the 5th),
 * suspect from 60% of that (the 3rd). A limit raised for a shared office or a benchmark raises it too.
 */
export interface BurstRule {
  windowMs: number
  spamAt: number
}

export function burstRule(rateLimit: { max: number; windowMs: number }): BurstRule {
  // Never below the 3rd: with a limit of a few, the limit itself answers a burst.
  return { windowMs: rateLimit.windowMs, spamAt: Math.max(3, Math.ceil(rateLimit.max / 2)) }
}

export type TokenCheck =
  | { kind: 'missing' }
  | { kind: 'forged' }
  /** Signed by us and already used by an earlier submission: scored as missing. */
  | { kind: 'used' }
  /** `id`: what the store records when it is used (its signature); `issuedAt`: ms. */
  | { kind: 'valid'; ageMs: number; id: string; issuedAt: number }

export interface Signals {
  /** The hidden field a person never sees was filled in. */
  honeypot: boolean
  token: TokenCheck
  /** http(s) addresses and www. names in the fields. */
  links: number
  /** HTML or BBCode links in the fields. */
  markup: boolean
  /** Submissions from this client address in the burst rule's window, this one included. */
  fromAddress: number
  burst: BurstRule
  /** Sooner than this after the token was issued, no person filled the form (FORM_MIN_FILL_SECONDS); 0: not checked. */
  minFillMs: number
}

export interface Verdict {
  score: number
  /** A strong signal: held back as spam, never mailed until the owner says "Not spam". */
  spam: boolean
  /** Only weak signals, scoring SPAM_THRESHOLD or more: delivered, marked suspected. */
  suspected: boolean
  reasons: string[]
}

/** A stored submission that was delivered although its weak signals reached the threshold. */
export function isSuspected(submission: { status: string; spamScore?: number | undefined }): boolean {
  return submission.status !== 'spam' && (submission.spamScore ?? 0) >= SPAM_THRESHOLD
}

/** The form tokens signed with `key`. */
export function formTokens(key: Buffer) {
  const sign = (signed: string) => createHmac('sha256', key).update(`form-token:${signed}`).digest('base64url')
  return {
    /** A new token: the time, a random nonce (no two tokens alike, so each can be used once), the signature. */
    issue(now: number): string {
      const signed = `${now}.${randomBytes(12).toString('base64url')}`
      return `${signed}.${sign(signed)}`
    },
    /** Signature and age; whether it was used before is the store's to say (`claimFormToken`). A token
     * of the form before nonces ("<ms>.<signature>", a page open across the upgrade) is still good. */
    check(token: unknown, now: number): TokenCheck {
      if (token === undefined || token === null || token === '') return { kind: 'missing' }
      const match = typeof token === 'string' ? /^((\d{1,15})(?:\.[A-Za-z0-9_-]{16})?)\.([A-Za-z0-9_-]{43})$/.exec(token) : null
      if (!match) return { kind: 'forged' }
      const expected = Buffer.from(sign(match[1]!))
      const given = Buffer.from(match[3]!)
      if (!timingSafeEqual(expected, given)) return { kind: 'forged' }
      const issuedAt = Number(match[2])
      return { kind: 'valid', ageMs: now - issuedAt, id: match[3]!, issuedAt }
    },
  }
}

export type FormTokens = ReturnType<typeof formTokens>

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+|\bwww\.[a-z0-9-]+\.[^\s<>"']+/gi
const MARKUP_PATTERN = /<\s*a\b[^>]*href|\[url\b|\[link\b/i

/** Links and markup in every text the visitor sent (the hidden field aside). */
export function linksIn(formData: Record<string, unknown>): { links: number; markup: boolean } {
  let links = 0
  let markup = false
  for (const [name, value] of Object.entries(formData)) {
    if (name === HONEYPOT_FIELD) continue
    for (const text of Array.isArray(value) ? value : [value]) {
      if (typeof text !== 'string') continue
      links += text.match(URL_PATTERN)?.length ?? 0
      markup ||= MARKUP_PATTERN.test(text)
    }
  }
  return { links, markup }
}

/**
 * Each signal's points and reason. A strong signal (the hidden field, a burst at its spam count)
 * makes it spam, held back; weak ones only add up to suspected: delivered, marked.
 */
export function spamVerdict(signals: Signals): Verdict {
  const found: Array<[number, string]> = []
  let strong = false
  if (signals.honeypot) {
    strong = true
    found.push([10, 'Hidden field filled in (a robot)'])
  }
  const { token } = signals
  if (token.kind === 'missing') found.push([1, 'Sent without JavaScript (no time check)'])
  else if (token.kind === 'used') found.push([1, 'Time check used before (counted as none)'])
  else if (token.kind === 'forged') found.push([5, 'The form’s time check was forged or damaged'])
  else if (token.ageMs < signals.minFillMs) {
    const seconds = Math.max(0, Math.round(token.ageMs / 1000))
    found.push([
      5,
      seconds < 1 ? 'Sent less than a second after the page opened' : `Sent ${plural(seconds, 'second')} after the page opened`,
    ])
  } else if (token.ageMs > TOKEN_MAX_AGE_MS) found.push([2, 'Sent from a page opened more than a day before'])
  if (signals.links > 0) found.push([signals.links >= 3 ? 4 : signals.links, `Contains ${plural(signals.links, 'link')}`])
  if (signals.markup) found.push([3, 'Contains web page markup (HTML or forum links)'])
  const { burst, fromAddress } = signals
  if (fromAddress >= Math.max(3, Math.ceil(burst.spamAt * 0.6))) {
    const minutes = Math.round(burst.windowMs / 60_000)
    const window = minutes >= 1 ? plural(minutes, 'minute') : plural(Math.round(burst.windowMs / 1000), 'second')
    strong ||= fromAddress >= burst.spamAt
    found.push([fromAddress >= burst.spamAt ? 5 : 2, `${ordinal(fromAddress)} enquiry from this address in ${window}`])
  }
  const score = found.reduce((sum, [points]) => sum + points, 0)
  return { score, spam: strong, suspected: !strong && score >= SPAM_THRESHOLD, reasons: found.map(([, reason]) => reason) }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

export function ordinal(n: number): string {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}
