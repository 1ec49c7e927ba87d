// Migration 16 (passkeys) on a store of today's schema (every migration before it, made by this
// code's own migrations), on a real SQLite file or a real PostgreSQL: its enquiries, people, their
// sessions and sign-in links and the audit log kept as they were, and the passkeys and their
// challenges ready (a person's passkeys go when the person is removed).
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { Passkeys } from '../../server/store/passkeys.ts'
import { InboxSessions } from '../../server/store/sessions.ts'
import { storeBackend, storeUpgradedAcross } from './helpers.ts'

const NOW = 1_800_000_000_000

describe(`migration 16, passkeys (${storeBackend})`, () => {
  it('upgrades a store of today’s schema with nothing lost', async () => {
    const {
      store,
      written: { personId, token, signIn },
      reopen,
    } = await storeUpgradedAcross(16, async (old) => {
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
      const personId = invited.person.id
      await old.people.use(invited.token, 'invitation', NOW + 1, { name: 'Kept', passwordHash: '$scrypt$kept' })
      const signIn = await old.people.signInToken(personId, Date.now())
      const { token } = await new InboxSessions(old.db, 3_600_000).create({
        now: Date.now(),
        ip: '10.0.0.9',
        userAgent: 'Old',
        person: { id: personId, role: 'sales' },
      })
      await old.audit.record({ personId, actor: 'kept@example.com' }, 'login', { detail: { method: 'password' }, now: NOW })
      return { personId, token, signIn }
    })

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

    // Opened again: nothing more to run.
    const again = await reopen()
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM passkeys`.execute(again.db)
    expect(Number(rows[0]!.n)).toBe(0)
  })
})
