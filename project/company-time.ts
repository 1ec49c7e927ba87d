// Times as the company reads them: in its own time zone (TIME_ZONE, Asia/Kolkata unless set), in one
// date format everywhere: the inbox, the mails to the company, the digest and the CSV. Shared by
// the service and the inbox page (which gets the zone from the service).

/** Each zone's formats of its short name, made once: making an Intl.DateTimeFormat costs far more than using one. */
const zoneNameFormats = new Map<string, Intl.DateTimeFormat[]>()

/** The zone's short name as people in it say it: IST, CET, UTC; GMT+n where no name is common. */
function zoneName(ms: number, timeZone: string): string {
  let zoneFormats = zoneNameFormats.get(timeZone)
  if (!zoneFormats) {
    zoneFormats = ['en-IN', 'en-GB', 'en-US'].map((locale) => new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }))
    zoneNameFormats.set(timeZone, zoneFormats)
  }
  // At `ms`: the name changes with summer time (CET, CEST).
  const names = zoneFormats.map((format) => format.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? '')
  return names.find((n) => n && !n.startsWith('GMT')) ?? names[1] ?? timeZone
}

const formats = new Map<string, Intl.DateTimeFormat>()

/** "28 Nov 2026, 22:16 IST". */
export function companyTime(ms: number, timeZone: string): string {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    formats.set(timeZone, format)
  }
  return `${format.format(ms)} ${zoneName(ms, timeZone)}`
}

/** The wall clock in `timeZone` at `ms`: each part two digits (the year four). */
export function wallClock(ms: number, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! }
}

/** How far `timeZone`'s wall clock is ahead of UTC at `ms`, in ms (IST: 5.5 hours). */
export function offsetAt(ms: number, timeZone: string): number {
  const c = wallClock(ms, timeZone)
  const local = Date.UTC(Number(c.year), Number(c.month) - 1, Number(c.day), Number(c.hour), Number(c.minute), Number(c.second))
  return local - Math.floor(ms / 1000) * 1000
}

/** "2026-11-28 22:16:09" in the zone: a form spreadsheets read as a date and time in every locale. */
export function spreadsheetTime(ms: number, timeZone: string): string {
  const c = wallClock(ms, timeZone)
  return `${c.year}-${c.month}-${c.day} ${c.hour}:${c.minute}:${c.second}`
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}
