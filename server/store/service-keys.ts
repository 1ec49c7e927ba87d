// The keys the service generates for itself and keeps in the database (service_keys), so every
// instance on the database signs with the same one and a restore carries it: the form-token key
// (server/enquiries/spam.ts). The same queries on SQLite and PostgreSQL.
import { randomBytes } from 'node:crypto'
import type { EnquiryDb } from './schema.ts'

export class ServiceKeys {
  constructor(private readonly db: EnquiryDb) {}

  /** The random key of this name (32 bytes): the first instance to ask creates it, the others read it. */
  async get(name: string): Promise<Buffer> {
    const read = () => this.db.selectFrom('service_keys').select('value').where('name', '=', name).executeTakeFirst()
    let row = await read()
    if (!row) {
      await this.db
        .insertInto('service_keys')
        .values({ name, value: randomBytes(32).toString('base64') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute()
      row = await read()
    }
    return Buffer.from(row!.value, 'base64')
  }
}
