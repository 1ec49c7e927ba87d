// The enquiries as a CSV file that opens cleanly in Excel, for the inbox's download and the CLI's
// `export`: UTF-8 with a byte-order mark (else Excel guesses a legacy code page), CRLF rows, every
// cell quoted, one column per field, no raw control character, and no cell a spreadsheet would run
// as a formula (OWASP "CSV injection"), even in locales whose Excel splits cells on ";".
import { spreadsheetTime } from '../../project/company-time.ts'
import type { FieldValue } from '../../project/inbox-api.ts'
import { LOST_REASONS, STAGE_NAMES } from '../../project/sales-stages.ts'
import { allFormFields, fieldLabel } from '../enquiries/fields.ts'
import { enquiryState, inboxRow } from '../store/inbox.ts'
import type { Submission } from '../store/index.ts'
import { fieldValueText } from '../../project/inbox-api.ts'

export const CSV_BOM = '\uFEFF'
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'

/** How the CSV names times and forms: in the company's time zone (TIME_ZONE), and as visitors see
 * the forms ("Clove enquiry", from the built site; a form it does not name keeps its id). */
export interface CsvOptions {
  timeZone: string
  formNames: Readonly<Record<string, string>>
}

const UTC: CsvOptions = { timeZone: 'UTC', formNames: {} }

/** Form fields with a column of their own; the product already has the fixed one. */
const fieldColumns = () => allFormFields().filter((f) => f !== 'product')

export function enquiryCsvHeader(options: Pick<CsvOptions, 'timeZone'> = UTC): string[] {
  const zone = options.timeZone
  return [
    'Submission',
    'Reference',
    `Received (${zone})`,
    'Form',
    'Status',
    'Stage',
    'Lost because',
    `Handled (${zone})`,
    `First reply (${zone})`,
    'Mail',
    'Mail error',
    'Product',
    ...fieldColumns().map(fieldLabel),
    'IP address',
    'User agent',
    'Language',
  ]
}

export function enquiryCsvCells(e: Submission, options: CsvOptions = UTC): string[] {
  const { mail, mailError } = inboxRow(e)
  const time = (ms: number | null) => (ms === null ? '' : spreadsheetTime(ms, options.timeZone))
  return [
    String(e.id),
    e.reference ?? '',
    time(e.receivedAt),
    options.formNames[e.formType] ?? e.formType,
    enquiryState(e),
    STAGE_NAMES[e.stage],
    e.lostReason ? LOST_REASONS[e.lostReason] : '',
    time(e.handledAt),
    time(e.firstReplyAt),
    mail ?? '',
    mailError ?? '',
    e.product,
    ...fieldColumns().map((f) => fieldText(e.data[f])),
    e.ip ?? '',
    e.userAgent ?? '',
    // The code, as the filter takes it: en, ar, zh, es.
    e.language,
  ]
}

export function csvLine(cells: string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}

/** A formula-looking start: = + - @, or a tab or carriage return before one. */
const FORMULA_START = /^[\s]*[=+\-@]|^[\t\r]/
/** The same after a ";": Excel in locales with ";" as list separator may start a cell there. */
const FORMULA_AFTER_SEMICOLON = /;(\s*)(?=[=+\-@])/g
/** Controls other than the line feed, line and paragraph separators, bidi embeddings and overrides. */
const UNPRINTABLE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

/** One cell: quoted, quotes doubled, line breaks as LF, unprintable characters as spaces, and a
 * leading ' wherever a spreadsheet would otherwise see the start of a formula. */
export function csvCell(value: string): string {
  const formula = FORMULA_START.test(value)
  const text = value.replace(/\r\n?/g, '\n').replace(UNPRINTABLE, ' ').replace(FORMULA_AFTER_SEMICOLON, ";$1'")
  return `"${(formula ? `'${text}` : text).replace(/"/g, '""')}"`
}

/** Writes the header and every enquiry; resolves to how many were written. Rows go out in chunks of
 * about 64 KB, waiting for `drain` when the reader is slower, so any number streams in bounded memory. */
export async function writeEnquiryCsv(
  enquiries: AsyncIterable<Submission> | Iterable<Submission>,
  out: NodeJS.WritableStream,
  options: CsvOptions = UTC,
): Promise<number> {
  // A reader that went away (a closed download) ends the export instead of leaving it waiting.
  const gone = () => (out as { destroyed?: boolean }).destroyed === true
  const write = (text: string) =>
    new Promise<void>((resolve) => {
      if (out.write(text)) return resolve()
      const go = () => {
        out.off('drain', go)
        out.off('close', go)
        resolve()
      }
      out.on('drain', go)
      out.on('close', go)
    })
  let chunk = CSV_BOM + csvLine(enquiryCsvHeader(options))
  let count = 0
  for await (const enquiry of enquiries) {
    chunk += csvLine(enquiryCsvCells(enquiry, options))
    count++
    if (chunk.length >= 65_536) {
      await write(chunk)
      chunk = ''
      if (gone()) return count
    }
  }
  await write(chunk)
  return count
}

function fieldText(value: FieldValue | undefined): string {
  return fieldValueText(value)
}
