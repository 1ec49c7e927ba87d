// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
// logged in once gets a signed, random device id in a cookie. At the login, that browser's failures
// are then counted for the device, not for its network address; so wrong passwords from others
// behind the same address (an office, a mobile carrier, a proxy) do not lock the owner out, and a
// stolen cookie still allows only the device's own few tries. The cookie opens nothing by itself.
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'
import type { InboxConfig } from '../config.ts'

export const DEVICE_COOKIE_MS = 365 * 24 * 3_600_000

export interface DeviceCookies {
  /** A new cookie value: `<id>.<signature>`. */
  issue(): string
  /** The device id of a cookie value this service signed, or undefined. */
  verify(value: unknown): string | undefined
}

export function deviceCookies(password: InboxConfig['password']): DeviceCookies {
  // Derived from the password's scrypt hash, so every instance signs alike and a new password
  // retires every device. A plain INBOX_PASSWORD (local use) gets a key of its own per process: a
  // key from it would let a copied cookie test guesses at the speed of one HMAC.
  const key =
    'hash' in password
      ? Buffer.from(hkdfSync('sha256', password.hash.hash, password.hash.salt, 'inbox device cookies', 32))
      : randomBytes(32)
  const sign = (id: string) => createHmac('sha256', key).update(id).digest('base64url')
  return {
    issue() {
      const id = randomBytes(18).toString('base64url')
      return `${id}.${sign(id)}`
    },
    verify(value) {
      if (typeof value !== 'string' || value.length > 100) return undefined
      const [id = '', signature = '', ...rest] = value.split('.')
      if (rest.length || !/^[\w-]{24}$/.test(id)) return undefined
      const expected = Buffer.from(sign(id))
      const given = Buffer.from(signature)
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined
    },
  }
}
