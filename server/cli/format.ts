// How the admin CLI writes to a terminal: tables, times in UTC, and text made inert (no escape
// sequence a buyer typed reaches the owner's terminal).
import path from 'node:path'
import { formSchemas, type FormKind } from '../../forms/schemas.ts'
import { DISALLOWED, type TextKind } from '../../forms/text-rules.ts'
import { fieldLabel, formFields } from '../enquiries/fields.ts'
import { languageLabel } from '../enquiries/languages.ts'
import type { FieldValue, Submission } from '../store/index.ts'
import { fieldValueText } from '../../project/inbox-api.ts'

/** "being sent by a worker until …" for a message whose lease runs now. */
export function lease(m: { status: string; leaseOwner: string | null; leaseUntil: number | null }): string {
  return m.status === 'queued' && m.leaseOwner && (m.leaseUntil ?? 0) > Date.now()
    ? `, being sent by ${m.leaseOwner} until ${formatTime(m.leaseUntil!, true)}`
    : ''
}

export function describeSubmission(s: Submission): string {
  const kind = s.kind in formSchemas && s.status !== 'spam' ? (s.kind as FormKind) : undefined
  const fields = kind ? formFields(kind) : Object.keys(s.data)
  const width = Math.max(...fields.map((f) => fieldLabel(f).length), 12)
  // Stored text is a buyer's: it is shown, never let loose on the terminal.
  const line = (label: string, value: string) =>
    `${terminalSafe(label).padEnd(width)}  ${terminalSafe(value, 'multi').replace(/\n/g, `\n${' '.repeat(width + 2)}`)}`
  return [
    line('Submission', `#${s.id}`),
    line('Received', `${formatTime(s.receivedAt)} UTC`),
    line('Form', `${s.formType} (${s.kind})`),
    line('Language', languageLabel(s.language)),
    line('Status', s.status),
    line('Product', s.product),
    ...fields.map((f) => line(fieldLabel(f), display(s.data[f]))),
    line('IP address', s.ip ?? '-'),
    line('User agent', s.userAgent ?? '-'),
    line('Handled', s.handledAt === null ? 'no' : `${formatTime(s.handledAt)} UTC`),
    line('Request id', s.requestId),
  ].join('\n')
}

function display(value: FieldValue | undefined, empty = '-'): string {
  if (value === undefined || value === '') return empty
  return fieldValueText(value)
}

export function formatTime(ms: number, seconds = false): string {
  return new Date(ms)
    .toISOString()
    .slice(0, seconds ? 19 : 16)
    .replace('T', ' ')
}

export function table(header: string[], rows: string[][]): string {
  const all = [header, ...rows.map((r) => r.map((cell) => terminalSafe(cell)))]
  const widths = header.map((_, i) => Math.min(40, Math.max(...all.map((r) => r[i]!.length))))
  const fitCell = (cell: string, w: number) => (cell.length > w ? `${cell.slice(0, w - 1)}…` : cell.padEnd(w))
  return all
    .map((r) =>
      r
        .map((c, i) => fitCell(c, widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

/**
 * Text for the terminal: every control character (C0, DEL, C1: ESC and CSI start the escape
 * sequences that recolour, move the cursor or retitle the window), line and paragraph separator
 * and bidi control is written out as \u{…}, visible and inert; 'multi' keeps line breaks and tabs.
 */
export function terminalSafe(text: string, kind: TextKind = 'single'): string {
  const normalised = kind === 'multi' ? text.replace(/\r\n?/g, '\n') : text
  return normalised
    .replace(new RegExp(DISALLOWED[kind].source, 'gu'), (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`)
    .replace(/\p{Surrogate}/gu, '\uFFFD')
}

export function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file)
  return !relative.startsWith('..') && !path.isAbsolute(relative)
}

/** What `list` showed and what is stored, each number saying what it counts. */
export function listSummary(shown: number, counts: { open: number; handled: number; spam: number }, withSpam: boolean): string {
  const enquiries = counts.open + counts.handled
  const states = `${counts.open} open, ${counts.handled} handled`
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`
  return withSpam
    ? `${shown} of ${n(enquiries + counts.spam, 'submission', 'submissions')} shown, newest first: ${n(enquiries, 'enquiry', 'enquiries')} (${states}) and ${counts.spam} spam.`
    : `${shown} of ${n(enquiries, 'enquiry', 'enquiries')} shown, newest first (${states}); ${counts.spam} spam not shown (--spam shows it).`
}
