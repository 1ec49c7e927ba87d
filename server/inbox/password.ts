// The owner's password: scrypt from node:crypto (memory-hard, no native add-on to build), stored as a
// PHC-style string `$scrypt$ln=17,r=8,p=1$<salt>$<hash>` that `npm run enquiries -- hash-password`
// prints for INBOX_PASSWORD_HASH. Comparisons are constant-time.
import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

export interface ScryptHash {
  logN: number
  r: number
  p: number
  salt: Buffer
  hash: Buffer
}

/** OWASP's scrypt parameters (N = 2^17, r = 8, p = 1): 128 MiB and a few hundred ms per try. */
export const DEFAULT_COST = { logN: 17, r: 8, p: 1 }
export const MIN_PASSWORD_LENGTH = 12
const SALT_BYTES = 16
const KEY_BYTES = 32
const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{16,})\$([A-Za-z0-9+/]{32,})$/

/** The stored form, or a sentence saying what is wrong with it (for the configuration error). */
export function parsePasswordHash(text: string): ScryptHash | string {
  if (text.startsWith('$argon2'))
    return 'must be an scrypt hash printed by "npm run enquiries -- hash-password" (argon2 hashes are not read)'
  const match = FORMAT.exec(text)
  if (!match) return 'must be the line printed by "npm run enquiries -- hash-password", starting with $scrypt$'
  const [logN, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (logN < 10 || logN > 22 || r < 1 || p < 1)
    return 'has scrypt parameters out of range; make a new one with "npm run enquiries -- hash-password"'
  return { logN, r, p, salt: Buffer.from(match[4]!, 'base64'), hash: Buffer.from(match[5]!, 'base64') }
}

export async function hashPassword(password: string, cost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const hash = await derive(password, { ...cost, salt, hash: Buffer.alloc(KEY_BYTES) })
  const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '')
  return `$scrypt$ln=${cost.logN},r=${cost.r},p=${cost.p}$${b64(salt)}$${b64(hash)}`
}

/** A check of a typed password against the configured one; resolves false on a mismatch. */
export type PasswordCheck = (password: string) => Promise<boolean>

export function hashedPasswordCheck(stored: ScryptHash): PasswordCheck {
  return async (password) => {
    const derived = await derive(password, stored)
    return timingSafeEqual(derived, stored.hash)
  }
}

/** INBOX_PASSWORD (local use): digests of equal length compared in constant time, so neither the
 * content nor the length of the password leaks through timing. */
export function plainPasswordCheck(expected: string): PasswordCheck {
  const digest = (s: string) => createHash('sha256').update(s.normalize('NFC')).digest()
  const want = digest(expected)
  return async (password) => timingSafeEqual(digest(password), want)
}

function derive(password: string, { logN, r, p, salt, hash }: ScryptHash): Promise<Buffer> {
  const N = 2 ** logN
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * p + 1024 * 1024 }
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, hash.length, options, (error, key) => (error ? reject(error) : resolve(key)))
  })
}
