// The inbox people's passkeys (WebAuthn credentials; docs/enquiry-service.md, "Passkeys") and the
// challenges given to browsers for adding one or logging in with one. A passkey row holds a public
// key only: a copy of the database logs nobody in. A challenge is random, kept here (never trusted
// from the browser), used once (deleted as it is read) and dies within minutes.
import { randomBytes } from 'node:crypto'
import type { Selectable } from 'kysely'
import type { EnquiryDb, PasskeysTable } from './schema.ts'

/** How long a browser has to answer a challenge. */
export const CHALLENGE_MS = 5 * 60_000
export const MAX_PASSKEY_NAME = 60
/** Passkeys one person may have. */
export const MAX_PASSKEYS = 20

export interface Passkey {
  id: number
  personId: number
  credentialId: string
  /** COSE public key, base64url. */
  publicKey: string
  counter: number
  transports: string[]
  deviceType: string
  backedUp: boolean
  name: string
  createdAt: number
  lastUsedAt: number | null
}

export interface Challenge {
  challenge: string
  purpose: 'register' | 'login'
  personId: number | null
  rpId: string
  origin: string
}

type Row = Selectable<PasskeysTable>
const toPasskey = (row: Row): Passkey => ({
  id: Number(row.id),
  personId: Number(row.person_id),
  credentialId: row.credential_id,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: row.transports ? row.transports.split(',') : [],
  deviceType: row.device_type,
  backedUp: Number(row.backed_up) === 1,
  name: row.name,
  createdAt: Number(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
})

export class Passkeys {
  constructor(private readonly db: EnquiryDb) {}

  /** A person's passkeys, the oldest first. */
  async of(personId: number): Promise<Passkey[]> {
    const rows = await this.db.selectFrom('passkeys').selectAll().where('person_id', '=', personId).orderBy('id').execute()
    return rows.map(toPasskey)
  }

  /** The passkey of a credential id, with its person only while they are on the team. */
  async byCredential(credentialId: string): Promise<Passkey | undefined> {
    if (!credentialId || credentialId.length > 1400) return undefined
    const row = await this.db
      .selectFrom('passkeys')
      .innerJoin('people', 'people.id', 'passkeys.person_id')
      .selectAll('passkeys')
      .where('passkeys.credential_id', '=', credentialId)
      .where('people.removed_at', 'is', null)
      .executeTakeFirst()
    return row && toPasskey(row)
  }

  async add(passkey: Omit<Passkey, 'id' | 'lastUsedAt'>): Promise<Passkey> {
    const row = await this.db
      .insertInto('passkeys')
      .values({
        person_id: passkey.personId,
        credential_id: passkey.credentialId,
        public_key: passkey.publicKey,
        counter: passkey.counter,
        transports: passkey.transports.join(','),
        device_type: passkey.deviceType,
        backed_up: passkey.backedUp ? 1 : 0,
        name: passkey.name,
        created_at: passkey.createdAt,
        last_used_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return toPasskey(row)
  }

  /** After a login with it: the authenticator's counter and backup state now, and when. */
  async used(id: number, update: { counter: number; deviceType: string; backedUp: boolean; now: number }): Promise<void> {
    await this.db
      .updateTable('passkeys')
      .set({ counter: update.counter, device_type: update.deviceType, backed_up: update.backedUp ? 1 : 0, last_used_at: update.now })
      .where('id', '=', id)
      .execute()
  }

  /** Removes one of the person's own passkeys; undefined when they have no such passkey. */
  async remove(personId: number, id: number): Promise<Passkey | undefined> {
    const row = await this.db
      .deleteFrom('passkeys')
      .where('id', '=', id)
      .where('person_id', '=', personId)
      .returningAll()
      .executeTakeFirst()
    return row && toPasskey(row)
  }

  /** A new random challenge, kept for CHALLENGE_MS; expired ones go as it is made. */
  async challenge(details: Omit<Challenge, 'challenge'>, now: number): Promise<string> {
    const challenge = randomBytes(32).toString('base64url')
    await this.db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute()
    await this.db
      .insertInto('passkey_challenges')
      .values({
        challenge,
        purpose: details.purpose,
        person_id: details.personId,
        rp_id: details.rpId,
        origin: details.origin,
        expires_at: now + CHALLENGE_MS,
      })
      .execute()
    return challenge
  }

  /** Takes a challenge of `purpose` once: deleted as it is read, so it never works twice; an expired one is nothing. */
  async takeChallenge(challenge: string, purpose: Challenge['purpose'], now: number): Promise<Challenge | undefined> {
    if (!challenge || challenge.length > 100) return undefined
    const row = await this.db
      .deleteFrom('passkey_challenges')
      .where('challenge', '=', challenge)
      .where('purpose', '=', purpose)
      .returningAll()
      .executeTakeFirst()
    if (!row || Number(row.expires_at) <= now) return undefined
    return {
      challenge: row.challenge,
      purpose: row.purpose,
      personId: row.person_id === null ? null : Number(row.person_id),
      rpId: row.rp_id,
      origin: row.origin,
    }
  }
}
