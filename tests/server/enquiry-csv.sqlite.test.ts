// SQLite only (the store cannot change the outcome: one CSV cell, a pure function); *.sqlite.test.ts, tests/setup/server-suites.ts.
// One CSV cell, as Excel would read it: quoted, no control characters, no formula at a cell's start
// or after a ";" (where Excel in some locales starts a new cell).
import { describe, expect, it } from 'vitest'
import { csvCell, csvLine, enquiryCsvHeader } from '../../server/inbox/csv.ts'

describe('csvCell', () => {
  it.each([
    ['plain', '"plain"'],
    ['', '""'],
    ['say "hi"', '"say ""hi"""'],
    ['a,b', '"a,b"'],
    ['=1+1', `"'=1+1"`],
    ['+91 98765 43210', `"'+91 98765 43210"`],
    ['-5', `"'-5"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['  =1+1', `"'  =1+1"`],
    ['\t=1+1', `"' =1+1"`],
    ['\rcmd', `"'\ncmd"`],
    ['a;=1+1', `"a;'=1+1"`],
    ['a; +1', `"a; '+1"`],
    ['a;b;@x', `"a;b;'@x"`],
    ['x = 1', '"x = 1"'],
    ['one\r\ntwo\rthree\nfour', '"one\ntwo\nthree\nfour"'],
    ['bell\u0007 esc\u001b[31m csi\u009b2J nul\u0000', '"bell  esc [31m csi 2J nul "'],
    ['left\u202eright\u2066iso\u2069 sep\u2028par\u2029', '"left right iso  sep par "'],
  ])('%j → %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell)
  })

  it('ends rows with CRLF and has one column per name', () => {
    expect(csvLine(['a', 'b'])).toBe('"a","b"\r\n')
    const header = enquiryCsvHeader()
    expect(new Set(header).size).toBe(header.length)
  })
})
