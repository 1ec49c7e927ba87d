// The admin CLI sends queued mail itself (`retry`), so it must send it the way the server does. The
// server records where its mail goes (never the password) in DATA_DIR; the CLI compares its own
// configuration with that record and refuses to send when they differ.
import fs from 'node:fs'
import path from 'node:path'
import type { Config } from '../config.ts'

export interface MailSettingsRecord {
  /** "smtp smtps://smtp.example.com:465 as user", or "eml files" */
  transport: string
  mailFrom: string
  mailTo: string[]
  recordedAt: string
}

const FILE = 'server-mail-settings.json'

export function describeTransport(smtpUrl: string | undefined): string {
  if (!smtpUrl) return 'eml files'
  const url = new URL(smtpUrl)
  const user = url.username ? ` as ${decodeURIComponent(url.username)}` : ''
  return `smtp ${url.protocol}//${url.host}${user}`
}

function settingsOf(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailTo'>): Omit<MailSettingsRecord, 'recordedAt'> {
  return { transport: describeTransport(config.smtpUrl), mailFrom: config.mailFrom, mailTo: config.mailTo }
}

/** Written by the server at start-up (whole or not at all). */
export function recordMailSettings(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailTo' | 'dataDir'>): void {
  fs.mkdirSync(config.dataDir, { recursive: true })
  const file = path.join(config.dataDir, FILE)
  const record: MailSettingsRecord = { ...settingsOf(config), recordedAt: new Date().toISOString() }
  const temporary = `${file}.${process.pid}.tmp`
  fs.writeFileSync(temporary, `${JSON.stringify(record, null, 2)}\n`)
  fs.renameSync(temporary, file)
}

/** How the CLI's mail settings differ from those the server last started with ([] if they agree
 * or the server never recorded any). */
export function mailSettingsDifferences(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailTo' | 'dataDir'>): {
  recordedAt?: string
  differences: string[]
} {
  let recorded: MailSettingsRecord
  try {
    recorded = JSON.parse(fs.readFileSync(path.join(config.dataDir, FILE), 'utf8')) as MailSettingsRecord
  } catch {
    return { differences: [] }
  }
  const mine = settingsOf(config)
  const differences: string[] = []
  if (mine.transport !== recorded.transport)
    differences.push(`SMTP_URL: the server sends by ${recorded.transport}, this command would send by ${mine.transport}`)
  if (mine.mailFrom !== recorded.mailFrom)
    differences.push(`MAIL_FROM: the server uses ${recorded.mailFrom}, this command ${mine.mailFrom}`)
  if (mine.mailTo.join(', ') !== recorded.mailTo.join(', '))
    differences.push(`MAIL_TO: the server mails ${recorded.mailTo.join(', ')}, this command ${mine.mailTo.join(', ')}`)
  return { recordedAt: recorded.recordedAt, differences }
}
