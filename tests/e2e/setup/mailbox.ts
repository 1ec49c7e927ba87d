// A real SMTP server on 127.0.0.1 that writes every message it accepts to a folder, one .eml file
// each, so tests in another process can read the mail the site sent.
import fs from 'node:fs'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface Mailbox {
  port: number
  dir: string
  close(): Promise<void>
}

export async function startMailbox(dir: string): Promise<Mailbox> {
  fs.mkdirSync(dir, { recursive: true })
  let count = 0
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust, as with a local relay.
    disabledCommands: ['STARTTLS', 'AUTH'],
    // No DNS look-up of the client on every connection (about 100 ms each here).
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', callback)
      stream.on('end', () => {
        count += 1
        const file = path.join(dir, `${String(count).padStart(5, '0')}.eml`)
        // Written under a temporary name first, so a reader never sees half a message.
        fs.writeFileSync(`${file}.tmp`, Buffer.concat(chunks))
        fs.renameSync(`${file}.tmp`, file)
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo
  return { port, dir, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
