// The content model: the real content is valid, and each kind of mistake an editor can make is
// reported with the file, the field, the line and what to do, all problems at once.
import { execFileSync } from 'node:child_process'
import { cpSync, readFileSync, renameSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { GRANITE_SHADES, PRODUCT_MENU } from '../fixtures/original-site.ts'
import { copyContent, PROJECT_CONTENT, useTempFolders } from '../support/copies.ts'
import { ContentError, formatProblems, loadContent, type Problem } from '../../model/load.ts'

const tempFolder = useTempFolders('content-')
/** A private copy of the content folder that a test may break. */
const contentCopy = () => copyContent(tempFolder())

function edit(dir: string, file: string, change: (text: string) => string) {
  const path = join(dir, file)
  const before = readFileSync(path, 'utf8')
  const after = change(before)
  if (after === before) throw new Error(`the edit of ${file} changed nothing`)
  writeFileSync(path, after)
}

/** The 1-based line of the first line of `file` that matches. */
function lineOf(dir: string, file: string, pattern: RegExp): number {
  const index = readFileSync(join(dir, file), 'utf8')
    .split('\n')
    .findIndex((l) => pattern.test(l))
  if (index < 0) throw new Error(`${pattern} not in ${file}`)
  return index + 1
}

function problemsOf(dir: string): Problem[] {
  try {
    loadContent(dir)
  } catch (error) {
    if (error instanceof ContentError) return error.problems
    throw error
  }
  throw new Error('expected the content to be refused')
}

const inFile = (file: string) => expect.stringMatching(new RegExp(`${file.replace(/[.]/g, '\\.')}$`))

describe('the real content', () => {
  const content = loadContent(PROJECT_CONTENT)

  it('has the catalogue of eight product lines', () => {
    expect(content.products.map((p) => p.menuLabel)).toEqual(PRODUCT_MENU)
    expect(content.graniteShades.map((s) => s.name)).toEqual(GRANITE_SHADES)
    expect(content.reviews.reviews).toHaveLength(10)
    expect(content.reviews.distribution).toEqual({ 5: 287, 4: 142, 3: 48, 2: 18, 1: 12 })
    expect(content.home.carousel).toMatchObject({ intervalMs: 5000 })
    expect(content.home.carousel.slides).toHaveLength(8)
    expect(content.forms.dialCodes.length).toBeGreaterThanOrEqual(45)
    expect(content.forms.countries.length).toBeGreaterThanOrEqual(110)
    expect(content.site.company).toMatchObject({ founded: 2022, employees: 60, offices: ['Hyderabad', 'Karimnagar'] })
    expect(content.legal.map((l) => [l.meta.path, l.meta.effective, l.meta.updated])).toEqual([
      ['/PrivacyPolicy', '2025-10-22', '2025-10-22'],
      ['/TermsOfService', '2025-10-22', '2025-10-22'],
    ])
  })

  it('numbers the legal sections: 12 for privacy, 13 for terms', () => {
    const sections = (file: string) => readFileSync(join(PROJECT_CONTENT, 'legal', file), 'utf8').match(/^## \d+\. /gm)?.length
    expect(sections('privacy.mdx')).toBe(12)
    expect(sections('terms.mdx')).toBe(13)
  })

  it('gives every agro product the six facts of the top block and makhana its own', () => {
    for (const p of content.agroProducts.filter((p) => p.slug !== 'makhana')) {
      expect(
        p.facts.map((f) => f.label),
        p.slug,
      ).toEqual(['Quantity', 'Container', 'Business Type', 'Color', 'Packaging Type', 'Country of Origin'])
      expect(p.facts.find((f) => f.label === 'Quantity')?.value).toBe('Available on Request')
    }
    const makhana = content.agroProducts.find((p) => p.slug === 'makhana')!
    expect(makhana.grades?.items.map((g) => g.priceUsd)).toEqual([23.17, 22.47, 22.18, 20.36, 19.78, 18.72, 16.15, 6.67, 3.51])
  })
})

describe("the site's origin", () => {
  it('is site.yaml’s unless the caller gives another (the build’s SITE_URL); the loader reads no environment', () => {
    const before = process.env.SITE_URL
    process.env.SITE_URL = 'https://from-the-environment.example'
    try {
      expect(loadContent(PROJECT_CONTENT).site.origin).toBe('https://www.neoagrogranite.com')
      expect(loadContent(PROJECT_CONTENT, { origin: 'https://shop.example.in' }).site.origin).toBe('https://shop.example.in')
    } finally {
      if (before === undefined) delete process.env.SITE_URL
      else process.env.SITE_URL = before
    }
  })
})

describe('a field that is not in the schema', () => {
  it('is an error with a "did you mean" at its own line, for misspelled optional fields', () => {
    const dir = contentCopy()
    edit(dir, 'products/cardamom.yaml', (t) => t.replace(/^order: /m, 'grade: A\norder: '))
    edit(dir, 'granite/StarBlue.yaml', (t) => t.replace(/^order: /m, 'alias:\n  - /products/granite/starblue\norder: '))
    edit(dir, 'products/black-pepper.yaml', (t) => t.replace(/^name: /m, 'enquiryLable: "Black Pepper"\nname: '))
    const problems = problemsOf(dir)
    expect(problems).toEqual(
      expect.arrayContaining([
        {
          file: inFile('products/cardamom.yaml'),
          field: '',
          message: '`grade` is not a field here: did you mean `grades`?',
          line: lineOf(dir, 'products/cardamom.yaml', /^grade:/),
          col: 1,
        },
        {
          file: inFile('granite/StarBlue.yaml'),
          field: '',
          message: '`alias` is not a field here: did you mean `aliases`?',
          line: lineOf(dir, 'granite/StarBlue.yaml', /^alias:/),
          col: 1,
        },
        {
          file: inFile('products/black-pepper.yaml'),
          field: '',
          message: '`enquiryLable` is not a field here: did you mean `enquiryLabel`?',
          line: lineOf(dir, 'products/black-pepper.yaml', /^enquiryLable:/),
          col: 1,
        },
      ]),
    )
    expect(problems).toHaveLength(3)
  })

  it('is found inside an optional block too, and a misspelled required field is one problem at its line', () => {
    const dir = contentCopy()
    edit(dir, 'products/makhana.yaml', (t) => t.replace(/^grades:\n {2}heading:/m, 'grades:\n  headng:'))
    edit(dir, 'products/clove.yaml', (t) => t.replace(/^subtitle:/m, 'subtitel:'))
    const problems = problemsOf(dir)
    expect(problems).toEqual([
      {
        file: inFile('products/clove.yaml'),
        field: '',
        message: '`subtitel` is not a field here: did you mean `subtitle`? (`subtitle` is required)',
        line: lineOf(dir, 'products/clove.yaml', /^subtitel:/),
        col: 1,
      },
      {
        file: inFile('products/makhana.yaml'),
        field: 'grades',
        message: '`headng` is not a field here: did you mean `heading`? (`heading` is required)',
        line: lineOf(dir, 'products/makhana.yaml', /^ {2}headng:/),
        col: 3,
      },
    ])
  })

  it('lists the fields that are allowed when nothing is close', () => {
    const dir = contentCopy()
    edit(dir, 'products/clove.yaml', (t) => t.replace(/^packing:\n/m, 'packing:\n  colourOfBags: green\n'))
    const [problem] = problemsOf(dir)
    expect(problem).toMatchObject({
      field: 'packing',
      message: '`colourOfBags` is not a field here. The fields here are: packing, storage, shelfLife',
    })
  })
})

describe('a missing field', () => {
  it('reads "Required: add …:" at the line of the group that lacks it', () => {
    const dir = contentCopy()
    edit(dir, 'products/cardamom.yaml', (t) => t.replace(/^subtitle:.*\n/m, ''))
    edit(dir, 'products/clove.yaml', (t) => t.replace(/^ {2}storage:.*\n/m, ''))
    const problems = problemsOf(dir)
    expect(problems).toEqual([
      // The file's own fields start on the first line that is not a comment.
      {
        file: inFile('products/cardamom.yaml'),
        field: 'subtitle',
        message: 'Required: add subtitle:',
        line: lineOf(dir, 'products/cardamom.yaml', /^kind:/),
        col: 1,
      },
      {
        file: inFile('products/clove.yaml'),
        field: 'packing.storage',
        message: 'Required: add storage:',
        line: lineOf(dir, 'products/clove.yaml', /^packing:/),
        col: 1,
      },
    ])
  })

  it('says what to write for an empty value, a missing kind and a value of the wrong type', () => {
    const dir = contentCopy()
    edit(dir, 'products/clove.yaml', (t) => t.replace(/^subtitle: .*$/m, 'subtitle:').replace(/^order: 2/m, 'order: second'))
    edit(dir, 'products/cardamom.yaml', (t) => t.replace(/^kind: agro.*\n/m, ''))
    edit(dir, 'forms.yaml', (t) => t.replace(/^defaultDialCode: .*$/m, 'defaultDialCode: 91'))
    const messages = problemsOf(dir).map((p) => `${p.file.replace(/.*content-[^/]+\//, '')}:${p.line} ${p.field}: ${p.message}`)
    expect(messages).toEqual([
      `forms.yaml:${lineOf(dir, 'forms.yaml', /^defaultDialCode/)} defaultDialCode: Must be text: put it in "double quotes", e.g. "91"`,
      `products/cardamom.yaml:${lineOf(dir, 'products/cardamom.yaml', /^slug:/)} kind: Required: add kind: agro or kind: graniteCollection`,
      `products/clove.yaml:${lineOf(dir, 'products/clove.yaml', /^order:/)} order: Must be a number, e.g. 4 (not "second")`,
      `products/clove.yaml:${lineOf(dir, 'products/clove.yaml', /^subtitle:/)} subtitle: Required: write a value after subtitle:`,
    ])
  })
})

describe('YAML that cannot be read', () => {
  it('gives one message per file, the first, in plain words: tabs', () => {
    const dir = contentCopy()
    // A whole group indented with tabs: the parser itself reports many follow-on errors.
    edit(dir, 'products/clove.yaml', (t) =>
      t.replace(
        /^packing:\n {2}packing:(.*)\n {2}storage:(.*)\n {2}shelfLife:(.*)$/m,
        'packing:\n\tpacking:$1\n\tstorage:$2\n\tshelfLife:$3',
      ),
    )
    const line = lineOf(dir, 'products/clove.yaml', /^\tpacking:/)
    expect(problemsOf(dir)).toEqual([
      {
        file: inFile('products/clove.yaml'),
        field: '',
        message: `Use spaces, not tabs, at line ${line}: indent with two spaces per level (in VS Code: "Indent Using Spaces")`,
        line,
        col: 1,
      },
    ])
  })

  it.each([
    [
      'an unclosed quote',
      (t: string) => t.replace('name: Clove\n', 'name: "Clove\n'),
      /^name:/,
      /A text opened with a quote is not closed: add the closing quote \("\) at the end of line \d+/,
    ],
    [
      'a colon inside text',
      (t: string) => t.replace('name: Clove\n', 'name: Clove: whole and ground\n'),
      /^name:/,
      /contains a colon followed by a space.*put the whole text in "double quotes"/,
    ],
    [
      'a text starting with @',
      (t: string) => t.replace('name: Clove\n', 'name: @clove\n'),
      /^name:/,
      /A text cannot start with @ unless it is in quotes/,
    ],
    [
      'a text starting with *',
      (t: string) => t.replace('name: Clove\n', 'name: *best* clove\n'),
      /^name:/,
      /A text cannot start with \* unless it is in quotes/,
    ],
    [
      'an alias-like text alone',
      (t: string) => t.replace('name: Clove\n', 'name: *best*\n'),
      /^name:/,
      /Put the text that starts with \* in "double quotes"/,
    ],
    [
      'a field given twice',
      (t: string) => t.replace('menuLabel: Clove\n', 'menuLabel: Clove\nname: "Cloves"\n'),
      /^name: "Cloves"/,
      /`name` appears twice in the same group/,
    ],
    [
      'a list item indented wrongly',
      (t: string) => t.replace('    value: Available on Request', '   value: Available on Request'),
      /^ {3}value: Available/,
      /indented differently from the list item above it/,
    ],
  ])('gives one message per file, the first, in plain words: %s', (_name, change, linePattern, message) => {
    const dir = contentCopy()
    edit(dir, 'products/clove.yaml', change)
    const problems = problemsOf(dir)
    expect(problems).toHaveLength(1)
    expect(problems[0]!.message).toMatch(message)
    expect(problems[0]!.line).toBe(lineOf(dir, 'products/clove.yaml', linePattern))
  })
})

describe('file names, slugs and duplicates', () => {
  it('says which to rename and to what when the file name and the slug differ', () => {
    const dir = contentCopy()
    renameSync(join(dir, 'products/soyabean-flakes.yaml'), join(dir, 'products/White Pepper.yaml'))
    edit(dir, 'products/White Pepper.yaml', (t) =>
      t
        .replace(/^slug: .*$/m, 'slug: "White Pepper"')
        .replace(/^formType: .*$/m, 'formType: WhitePepperEnquiry')
        .replace(/^path: .*$/m, 'path: /products/white-pepper')
        .replace(/^aliases:\n( {2}- .*\n)+/m, ''),
    )
    edit(dir, 'products/clove.yaml', (t) => t.replace(/^slug: clove/m, 'slug: cloves'))
    edit(dir, 'granite/NeoTanRed.yaml', (t) => t.replace(/^slug: .*$/m, 'slug: Neo Tan Red'))
    edit(dir, 'home.yaml', (t) => t.replace(/- soyabean-flakes\n/g, ''))
    const text = formatProblems(problemsOf(dir))
    const at = (file: string, pattern: RegExp) => `${file}:${lineOf(dir, file, pattern)}`
    expect(text).toContain(
      `${at('products/White Pepper.yaml', /^slug:/)} › slug: The file name "White Pepper.yaml" cannot be a web address: rename the file to white-pepper.yaml and write slug: white-pepper`,
    )
    expect(text).toContain(
      `${at('products/clove.yaml', /^slug:/)} › slug: Must equal the file's name: write slug: clove, or, if "cloves" is the name you want, rename the file to cloves.yaml`,
    )
    expect(text).toContain(`${at('granite/NeoTanRed.yaml', /^slug:/)} › slug: Must equal the file's name: write slug: NeoTanRed`)
    // The advice is valid: nothing else is said about those slugs.
    expect(text.match(/› slug:/g)).toHaveLength(3)
  })

  it('blames a duplicate formType or address on the newer file, by git history', () => {
    const dir = contentCopy()
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' })
    git('init', '-q')
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'add', '.')
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'content')
    // A new shade copied from StarBlue, formType and (written out) path left as they were; its file is older on disk.
    cpSync(join(dir, 'granite/StarBlue.yaml'), join(dir, 'granite/NeoIvory.yaml'))
    edit(dir, 'granite/NeoIvory.yaml', (t) =>
      t.replace(/^slug: .*$/m, 'slug: NeoIvory').replace(/^(order: .*)$/m, '$1\npath: /products/granite/StarBlue'),
    )
    utimesSync(join(dir, 'granite/NeoIvory.yaml'), new Date('2020-01-01'), new Date('2020-01-01'))
    cpSync(join(dir, 'images/granite/StarBlue.jpg'), join(dir, 'images/granite/NeoIvory.jpg'))
    const problems = problemsOf(dir)
    const file = inFile('granite/NeoIvory.yaml')
    expect(problems).toEqual([
      expect.objectContaining({
        file,
        field: 'path',
        message: expect.stringMatching(
          /^\/products\/granite\/StarBlue is already the address of \S*granite\/StarBlue\.yaml: choose another$/,
        ),
      }),
      expect.objectContaining({
        file,
        field: 'formType',
        message: expect.stringMatching(
          /^"StarBlue" is already the formType of \S*granite\/StarBlue\.yaml: give this page its own, e\.g\. NeoIvoryEnquiry \(leave the other file's as it is\)$/,
        ),
        line: lineOf(dir, 'granite/NeoIvory.yaml', /^formType:/),
      }),
    ])
  })

  it('makes a page’s address, formType and enquiry name from its name when its file leaves them out; older files keep theirs', () => {
    const dir = contentCopy()
    cpSync(join(dir, 'products/clove.yaml'), join(dir, 'products/green-chilli.yaml'))
    edit(dir, 'products/green-chilli.yaml', (t) =>
      t
        .replace(/^slug: .*$/m, 'slug: green-chilli')
        .replace(/^name: .*$/m, 'name: Green Chilli')
        .replace(/^formType: .*\n/m, '')
        .replace(/^order: .*$/m, 'order: 9'),
    )
    cpSync(join(dir, 'granite/StarBlue.yaml'), join(dir, 'granite/NeoIvory.yaml'))
    edit(dir, 'granite/NeoIvory.yaml', (t) => t.replace(/^slug: .*$/m, 'slug: NeoIvory').replace(/^formType: .*\n/m, ''))
    const content = loadContent(dir)
    expect(content.productBySlug.get('green-chilli')).toMatchObject({
      path: '/products/green-chilli',
      formType: 'GreenChilliEnquiry',
      enquiryName: 'Green Chilli',
    })
    expect(content.graniteShades.find((s) => s.slug === 'NeoIvory')).toMatchObject({
      path: '/products/granite/NeoIvory',
      formType: 'NeoIvoryEnquiry',
    })
    // Written values stay: the older pages' addresses and the formTypes the mailbox files them under.
    expect(content.productBySlug.get('black-pepper')).toMatchObject({ path: '/products/blackPepper', formType: 'BlackPepperEnquiry' })
    expect(content.productBySlug.get('soyabean-flakes')).toMatchObject({ enquiryName: 'Soyabeen Flakes', formType: 'SoyabeenEnquiry' })
    expect(content.productBySlug.get('makhana')).toMatchObject({ path: '/products/makhana', formType: 'LotusEnquiry' })
  })

  it('names the name as the thing to change when a formType made from it is taken', () => {
    const dir = contentCopy()
    // Makhana's enquiries are filed as LotusEnquiry: a new product "lotus" would make the same.
    cpSync(join(dir, 'products/clove.yaml'), join(dir, 'products/lotus.yaml'))
    edit(dir, 'products/lotus.yaml', (t) => t.replace(/^slug: .*$/m, 'slug: lotus').replace(/^formType: .*\n/m, ''))
    const problems = problemsOf(dir)
    expect(problems).toEqual([
      expect.objectContaining({
        file: inFile('products/lotus.yaml'),
        field: 'slug',
        message: expect.stringMatching(
          /^Its enquiries would be filed as "LotusEnquiry", made from this name, which is already the formType of \S*products\/makhana\.yaml: choose another name, or have a developer write formType: LotusEnquiry2$/,
        ),
        line: lineOf(dir, 'products/lotus.yaml', /^slug:/),
      }),
    ])
  })

  it('blames the more recently changed file when git does not know either', () => {
    const dir = contentCopy()
    edit(dir, 'granite/NeoGalaxy.yaml', (t) => t.replace(/^formType: .*$/m, 'formType: StarBlue'))
    utimesSync(join(dir, 'granite/StarBlue.yaml'), new Date('2020-01-01'), new Date('2020-01-01'))
    const [problem] = problemsOf(dir)
    expect(problem).toMatchObject({ file: inFile('granite/NeoGalaxy.yaml'), field: 'formType' })
  })

  it('refuses two pages at one address, and addresses differing only in case', () => {
    const dir = contentCopy()
    edit(dir, 'products/flax-seeds.yaml', (t) => t.replace('/products/flax\n', '/products/clove\n'))
    edit(dir, 'products/makhana.yaml', (t) => t.replace('/products/lotusSeeds', '/products/CLOVE'))
    utimesSync(join(dir, 'products/clove.yaml'), new Date('2020-01-01'), new Date('2020-01-01'))
    const text = formatProblems(problemsOf(dir))
    expect(text).toMatch(
      /products\/flax-seeds\.yaml:\d+ › aliases\.0: \/products\/clove is already the address of \S*products\/clove\.yaml: choose another/,
    )
    expect(text).toMatch(
      /products\/makhana\.yaml:\d+ › aliases\.0: \/products\/CLOVE differs only in letter case from \/products\/clove, an address of \S*products\/clove\.yaml/,
    )
  })
})

describe('references between files', () => {
  it('names a missing picture and the one probably meant, and a picture whose letter case differs', () => {
    const dir = contentCopy()
    edit(dir, 'products/cardamom.yaml', (t) => t.replace('products/cardamom.jpg', 'products/cardamon.jpg'))
    edit(dir, 'products/clove.yaml', (t) => t.replace('products/clove.jpg', 'products/Clove.JPG'))
    const text = formatProblems(problemsOf(dir))
    expect(text).toMatch(
      /products\/cardamom\.yaml:\d+ › image\.src: \S*images\/products\/cardamon\.jpg does not exist: did you mean products\/cardamom\.jpg\?/,
    )
    expect(text).toMatch(
      /products\/clove\.yaml:\d+ › image\.src: The picture is named products\/clove\.jpg \(letter case differs\): write src: products\/clove\.jpg exactly/,
    )
  })

  it('checks every picture field the schema marks, the share image too', () => {
    const dir = contentCopy()
    edit(dir, 'site.yaml', (t) => t.replace('src: home/quick-enquiry.jpg', 'src: home/quick-enquiri.jpg'))
    expect(formatProblems(problemsOf(dir))).toMatch(
      /site\.yaml:\d+ › shareImage\.src: \S*images\/home\/quick-enquiri\.jpg does not exist: did you mean home\/quick-enquiry\.jpg\?/,
    )
  })

  it('names a product list entry that is no product, at its line', () => {
    const dir = contentCopy()
    edit(dir, 'home.yaml', (t) => t.replace('- black-pepper', '- black-peper'))
    const [problem] = problemsOf(dir)
    expect(problem).toMatchObject({
      field: expect.stringMatching(/^(carousel\.slides|latest\.products|popular\.products)\.\d+$/),
      message: 'No product "black-peper" in content/products/: did you mean black-pepper?',
    })
    expect(problem!.line).toBe(lineOf(dir, 'home.yaml', /- black-peper/))
  })

  it('checks the front matter of legal texts, at the line in the .mdx file', () => {
    const dir = contentCopy()
    edit(dir, 'legal/terms.mdx', (t) => t.replace(/^effective: .*$/m, 'effective: October 22'))
    const [problem] = problemsOf(dir)
    expect(problem).toMatchObject({
      file: inFile('legal/terms.mdx'),
      field: 'effective',
      line: lineOf(dir, 'legal/terms.mdx', /^effective:/),
    })
    expect(problem!.message).toMatch(/YYYY-MM-DD/)
  })
})

describe('every problem', () => {
  it('has a line, and all are listed at once', () => {
    const dir = contentCopy()
    edit(dir, 'products/clove.yaml', (t) => t.replace(/^order: .*$/m, 'order: second'))
    edit(dir, 'home.yaml', (t) => t.replace('- black-pepper', '- saffron'))
    edit(dir, 'granite/NeoGalaxy.yaml', (t) => t.replace(/^formType: .*$/m, 'formType: StarBlue'))
    edit(dir, 'products/makhana.yaml', (t) => t.replace('products/makhana.jpg', 'products/lotus.jpg'))
    edit(dir, 'site.yaml', (t) => t.replace(/^ {2}tagline:/m, '  tagline_text:'))
    edit(dir, 'reviews.yaml', (t) => t.replace('rating: 5', 'rating: 6'))
    const problems = problemsOf(dir)
    expect(new Set(problems.map((p) => p.file.replace(/.*content-[^/]+\//, '')))).toEqual(
      new Set([
        'products/clove.yaml',
        'home.yaml',
        expect.stringMatching(/granite\/(NeoGalaxy|StarBlue)\.yaml/),
        'products/makhana.yaml',
        'site.yaml',
        'reviews.yaml',
      ]),
    )
    for (const p of problems) expect(p.line, formatProblems([p])).toBeGreaterThan(0)
  })
})
