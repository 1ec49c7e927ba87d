// Migration 11 (people) on a store of the schema before it (version 10, made by this code's own
// migrations up to there), on a real SQLite file or a real PostgreSQL: its enquiries and the owner's
// live session kept, the session now the shared owner password's, and the people, their tokens and
// the audit log ready.
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { InboxSessions } from '../../server/store/sessions.ts'
import { storeBackend, storeUpgradedAcross } from './helpers.ts'

const NOW = 1_800_000_000_000

describe(`migration 11, people (${storeBackend})`, () => {
  it('upgrades a store of version 10: enquiries and sessions kept, the sessions the owner’s', async () => {
    // A session of the shared password, written below as version 10 writes it (no person, no role).
    const token = 'old-session-token'
    const { store, reopen } = await storeUpgradedAcross(11, async (old) => {
      // Written as version 10 writes it: today's code writes columns that version has not.
      const data = JSON.stringify({ name: 'Before People' })
      await sql`INSERT INTO submissions (received_at, form_type, kind, product, name, email, data, status, request_id)
        VALUES (${NOW}, 'QuickEnquiry', 'quickEnquiry', 'Pepper', 'Before People', 'before@example.com',
          ${storeBackend === 'postgresql' ? sql`${data}::jsonb` : data}, 'received', 'r1')`.execute(old.db)
      await sql`INSERT INTO inbox_sessions (id, csrf_secret, created_at, expires_at, ip, user_agent)
        VALUES (${createHash('sha256').update(token).digest('hex')}, 'secret', ${Date.now()}, ${Date.now() + 3_600_000}, '10.0.0.9', 'Old')`.execute(
        old.db,
      )
    })

    expect((await store.listSubmissions()).map((s) => s.name)).toEqual(['Before People'])
    // The owner logged in before the upgrade stays logged in, as the owner.
    expect(await new InboxSessions(store.db, 3_600_000).find(token, Date.now())).toMatchObject({ personId: null, role: 'owner' })
    expect(await store.people.list()).toEqual([])
    expect((await store.audit.list({})).total).toBe(0)

    // And the new tables work: a person invited, accepted, removed; the audit log written and read.
    const { person, token: invitation } = await store.people.invite('New@Example.com', 'sales', Date.now())
    expect(person).toMatchObject({ email: 'new@example.com', role: 'sales', passwordHash: null })
    expect(await store.people.use(invitation, 'invitation', Date.now(), { name: 'New', passwordHash: '$scrypt$x' })).toMatchObject({
      person: { name: 'New' },
    })
    expect(await store.people.use(invitation, 'invitation', Date.now())).toEqual({ refused: 'used', personId: person.id })
    // One current person per address, the same address free again once removed.
    await expect(store.people.invite('new@example.com', 'owner', Date.now())).rejects.toThrow(/has an account already/)
    await store.people.remove(person.id, Date.now())
    expect((await store.people.invite('new@example.com', 'owner', Date.now())).person.id).not.toBe(person.id)
    await store.audit.record({ personId: person.id, actor: 'new@example.com' }, 'login', { detail: { method: 'password' }, now: NOW })
    expect((await store.audit.list({ action: 'login' })).rows).toEqual([
      expect.objectContaining({ at: NOW, personId: person.id, actor: 'new@example.com', detail: { method: 'password' } }),
    ])

    // Opened again: nothing more to run.
    const again = await reopen()
    expect((await again.people.list()).map((p) => p.email)).toEqual(['new@example.com'])
  })
})
