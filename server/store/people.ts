// The inbox's people (docs/enquiry-service.md, "People and roles"): personal accounts with a role, invited by
// the owner with a single-use link, and single-use sign-in links mailed to a person's own address.
// Tokens are random; the database holds only their SHA-256, so a copy of it opens nothing. A person
// removed keeps their row (the audit log names them) with `removed_at` set, and their sessions go.
import { createHash, randomBytes } from 'node:crypto'
import type { EnquiryDb, PersonRole } from './schema.ts'

export type { PersonRole }
export const ROLES: readonly PersonRole[] = ['owner', 'sales']
export const INVITATION_MS = 72 * 3_600_000
export const SIGN_IN_LINK_MS = 15 * 60_000

export interface Person {
  id: number
  email: string
  name: string
  role: PersonRole
  /** null until the invitation is accepted. */
  passwordHash: string | null
  createdAt: number
}

export type TokenKind = 'invitation' | 'sign-in'

/** Why a token opened nothing: no such token, used before, or too old. */
export type TokenRefusal = 'unknown' | 'used' | 'expired'

export class PeopleError extends Error {
  override name = 'PeopleError'
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

type PersonRow = { id: number; email: string; name: string; role: PersonRole; password_hash: string | null; created_at: number }
const toPerson = (row: PersonRow): Person => ({
  id: Number(row.id),
  email: row.email,
  name: row.name,
  role: row.role,
  passwordHash: row.password_hash,
  createdAt: Number(row.created_at),
})
const COLUMNS = ['id', 'email', 'name', 'role', 'password_hash', 'created_at'] as const

export class People {
  constructor(
    private readonly db: EnquiryDb,
    /** A write transaction as the store makes them (SQLite's takes the write lock from its start). */
    private readonly transaction: <T>(work: (db: EnquiryDb) => Promise<T>) => Promise<T> = (work) => db.transaction().execute(work),
  ) {}

  /** Everyone not removed, owners first, then by address. */
  async list(): Promise<Person[]> {
    const rows = await this.db
      .selectFrom('people')
      .select(COLUMNS)
      .where('removed_at', 'is', null)
      .orderBy('role')
      .orderBy('email')
      .execute()
    return rows.map(toPerson)
  }

  async byEmail(email: string): Promise<Person | undefined> {
    const row = await this.db
      .selectFrom('people')
      .select(COLUMNS)
      .where('email', '=', normaliseEmail(email))
      .where('removed_at', 'is', null)
      .executeTakeFirst()
    return row && toPerson(row)
  }

  async byId(id: number): Promise<Person | undefined> {
    const row = await this.db.selectFrom('people').select(COLUMNS).where('id', '=', id).where('removed_at', 'is', null).executeTakeFirst()
    return row && toPerson(row)
  }

  /**
   * An invitation for `email` with `role`: a new person (no password yet), or a person invited
   * before who has not accepted (their earlier invitations end, the role is the new one). Someone
   * who has accepted already is refused (PeopleError). Returns the person and the link's token.
   */
  async invite(email: string, role: PersonRole, now: number): Promise<{ person: Person; token: string }> {
    const address = normaliseEmail(email)
    return this.transaction(async (trx) => {
      const existing = await trx
        .selectFrom('people')
        .select(COLUMNS)
        .where('email', '=', address)
        .where('removed_at', 'is', null)
        .executeTakeFirst()
      if (existing?.password_hash) throw new PeopleError(`${address} has an account already.`)
      let id: number
      if (existing) {
        id = Number(existing.id)
        await trx.updateTable('people').set({ role }).where('id', '=', id).execute()
        await trx.deleteFrom('people_tokens').where('person_id', '=', id).where('kind', '=', 'invitation').execute()
      } else {
        id = Number(
          (
            await trx
              .insertInto('people')
              .values({ email: address, role, created_at: now, password_hash: null, removed_at: null })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        )
      }
      const token = await insertToken(trx, id, 'invitation', now, now + INVITATION_MS)
      const person = toPerson((await trx.selectFrom('people').select(COLUMNS).where('id', '=', id).executeTakeFirstOrThrow()) as PersonRow)
      return { person, token }
    })
  }

  /** A sign-in link's token for a person with an account; earlier unused links stay valid until they expire. */
  async signInToken(personId: number, now: number): Promise<string> {
    await this.db.deleteFrom('people_tokens').where('expires_at', '<=', now).where('kind', '=', 'sign-in').execute()
    return insertToken(this.db, personId, 'sign-in', now, now + SIGN_IN_LINK_MS)
  }

  /** Whether `token` is a live one of `kind`, and whose; nothing is used up. */
  async peek(token: string, kind: TokenKind, now: number): Promise<{ person: Person } | { refused: TokenRefusal; personId?: number }> {
    if (!token || token.length > 100) return { refused: 'unknown' }
    const row = await this.db
      .selectFrom('people_tokens')
      .innerJoin('people', 'people.id', 'people_tokens.person_id')
      .select(['people_tokens.used_at', 'people_tokens.expires_at', 'people.removed_at', ...COLUMNS.map((c) => `people.${c}` as const)])
      .where('people_tokens.token_hash', '=', tokenDigest(token))
      .where('people_tokens.kind', '=', kind)
      .executeTakeFirst()
    if (!row || row.removed_at !== null) return { refused: 'unknown' }
    if (row.used_at !== null) return { refused: 'used', personId: Number(row.id) }
    if (Number(row.expires_at) <= now) return { refused: 'expired', personId: Number(row.id) }
    return { person: toPerson(row) }
  }

  /**
   * Uses a token once: the update that marks it used is the one that decides, so two uses at once
   * cannot both succeed. With an invitation, the person's name and password hash are set with it.
   */
  async use(
    token: string,
    kind: TokenKind,
    now: number,
    accept?: { name: string; passwordHash: string },
  ): Promise<{ person: Person } | { refused: TokenRefusal; personId?: number }> {
    const seen = await this.peek(token, kind, now)
    if (!('person' in seen)) return seen
    return this.transaction(async (trx) => {
      const used = await trx
        .updateTable('people_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenDigest(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst()
      if (Number(used.numUpdatedRows) !== 1) return { refused: 'used' as const, personId: seen.person.id }
      if (accept) {
        await trx
          .updateTable('people')
          .set({ name: accept.name, password_hash: accept.passwordHash })
          .where('id', '=', seen.person.id)
          .execute()
        return { person: { ...seen.person, name: accept.name, passwordHash: accept.passwordHash } }
      }
      return { person: seen.person }
    })
  }

  /** Removes a person: their row kept for the audit log, their tokens, passkeys and every session of theirs deleted. */
  async remove(id: number, now: number): Promise<Person | undefined> {
    return this.transaction(async (trx) => {
      const row = await trx.selectFrom('people').select(COLUMNS).where('id', '=', id).where('removed_at', 'is', null).executeTakeFirst()
      if (!row) return undefined
      await trx.updateTable('people').set({ removed_at: now }).where('id', '=', id).execute()
      await trx.deleteFrom('people_tokens').where('person_id', '=', id).execute()
      await trx.deleteFrom('passkeys').where('person_id', '=', id).execute()
      await trx.deleteFrom('passkey_challenges').where('person_id', '=', id).execute()
      await trx.deleteFrom('inbox_sessions').where('person_id', '=', id).execute()
      return toPerson(row)
    })
  }

  /** A new role; their sessions carry it from their next request. */
  async setRole(id: number, role: PersonRole): Promise<Person | undefined> {
    const changed = await this.transaction(async (trx) => {
      const result = await trx.updateTable('people').set({ role }).where('id', '=', id).where('removed_at', 'is', null).executeTakeFirst()
      if (Number(result.numUpdatedRows) !== 1) return false
      await trx.updateTable('inbox_sessions').set({ role }).where('person_id', '=', id).execute()
      return true
    })
    return changed ? this.byId(id) : undefined
  }
}

async function insertToken(db: EnquiryDb, personId: number, kind: TokenKind, now: number, expiresAt: number): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db
    .insertInto('people_tokens')
    .values({ token_hash: tokenDigest(token), person_id: personId, kind, created_at: now, expires_at: expiresAt, used_at: null })
    .execute()
  return token
}
