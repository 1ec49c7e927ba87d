// Migration 16 (passkeys) on a store of today's schema (every migration before it, made by this
// code's own migrations), on a real SQLite file or a real PostgreSQL: its enquiries, people, their
// sessions and sign-in links and the audit log kept as they were, and the passkeys and their
// challenges ready (a person's passkeys go when the person is removed).
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import type { EnquiryStore } from '../../server/store/index.ts'
import { MIGRATIONS, migrationName } from '../../server/store/migrations.ts'
import { Passkeys } from '../../server/store/passkeys.ts'
import { InboxSessions } from '../../server/store/sessions.ts'
import { executedMigrations, freshStoreEnv, openStoreOf, storeBackend } from './helpers.ts'

const opened: EnquiryStore[] = []
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close()
})

const NOW = 1_800_000_000_000

describe(`migration 16, passkeys (${storeBackend})`, () => {
  it('upgrades a store of today’s schema with nothing lost', async () => {
    const env = await freshStoreEnv('passkeys-migration-')
    const settings = { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL }
    // The store as the build before this one left it: every migration before 16.
    const at = MIGRATIONS.findIndex((m) => m.version === 16)
    expect(at).toBeGreaterThan(0)
    const later = MIGRATIONS.splice(at)
    let token: string
    let signIn: string
    let personId: number
    try {
      const old = await openStoreOf(settings)
      expect(await executedMigrations(old)).toEqual(MIGRATIONS.map(migrationName))
      await old.addSubmission(
        {
          receivedAt: NOW,
          formType: 'QuickEnquiry',
          kind: 'quickEnquiry',
          product: 'Pepper',
          name: 'Before Passkeys',
          email: 'before@example.com',
          data: { name: 'Before Passkeys' },
          status: 'received',
          ip: '10.0.0.2',
          requestId: 'r1',
        },
        { siteUrl: 'https://www.example.com' },
      )
      const invited = await old.people.invite('kept@example.com', 'sales', NOW)
      personId = invited.person.id
      await old.people.use(invited.token, 'invitation', NOW + 1, { name: 'Kept', passwordHash: '$scrypt$kept' })
      signIn = await old.people.signInToken(personId, Date.now())
      token = (
        await new InboxSessions(old.db, 3_600_000).create({
          now: Date.now(),
          ip: '10.0.0.9',
          userAgent: 'Old',
          person: { id: personId, role: 'sales' },
        })
      ).token
      await old.audit.record({ personId, actor: 'kept@example.com' }, 'login', { detail: { method: 'password' }, now: NOW })
      await old.close()
    } finally {
      MIGRATIONS.push(...later)
    }

    const store = await openStoreOf(settings)
    opened.push(store)
    expect(await executedMigrations(store)).toEqual(MIGRATIONS.map(migrationName))
    expect((await store.listSubmissions()).map((s) => s.name)).toEqual(['Before Passkeys'])
    expect(await store.people.byId(personId)).toMatchObject({ email: 'kept@example.com', name: 'Kept', passwordHash: '$scrypt$kept' })
    expect(await new InboxSessions(store.db, 3_600_000).find(token, Date.now())).toMatchObject({ personId, role: 'sales' })
    expect(await store.people.peek(signIn, 'sign-in', Date.now())).toMatchObject({ person: { id: personId } })
    expect((await store.audit.list({})).rows).toEqual([expect.objectContaining({ at: NOW, personId, detail: { method: 'password' } })])

    // The new tables work: a passkey added, found, used, its challenge taken once.
    const passkeys = new Passkeys(store.db)
    expect(await passkeys.of(personId)).toEqual([])
    const added = await passkeys.add({
      personId,
      credentialId: 'Y3JlZGVudGlhbA',
      publicKey: 'cHVibGlj',
      counter: 0,
      transports: ['internal', 'hybrid'],
      deviceType: 'multiDevice',
      backedUp: true,
      name: 'Laptop',
      createdAt: NOW,
    })
    await passkeys.used(added.id, { counter: 4, deviceType: 'multiDevice', backedUp: true, now: NOW + 5 })
    expect(await passkeys.byCredential('Y3JlZGVudGlhbA')).toMatchObject({
      personId,
      counter: 4,
      transports: ['internal', 'hybrid'],
      lastUsedAt: NOW + 5,
    })
    const challenge = await passkeys.challenge(
      { purpose: 'login', personId: null, rpId: 'example.com', origin: 'https://example.com' },
      Date.now(),
    )
    expect(await passkeys.takeChallenge(challenge, 'register', Date.now())).toBeUndefined()
    expect(await passkeys.takeChallenge(challenge, 'login', Date.now())).toMatchObject({ rpId: 'example.com' })
    expect(await passkeys.takeChallenge(challenge, 'login', Date.now())).toBeUndefined()
    await store.people.remove(personId, Date.now())
    expect(await passkeys.of(personId)).toEqual([])
    await store.close()
    opened.pop()

    // Opened again: nothing more to run.
    const again = await openStoreOf(settings)
    opened.push(again)
    expect(await executedMigrations(again)).toEqual(MIGRATIONS.map(migrationName))
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM passkeys`.execute(again.db)
    expect(Number(rows[0]!.n)).toBe(0)
  })
})
