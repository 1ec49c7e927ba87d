// Are the default language's pages (English) what they were? `npx tsx tools/compare-english-pages.ts
// <old dist/client> <new dist/client>` compares every HTML file outside the language folders of two
// builds, byte for byte, after taking out of the new one exactly what the languages added to every
// page: the hreflang alternates and og:locale:alternate in <head>, the language switcher (the header's
// <nav class="lang-switch"> and the phone menu's <ul class="lang-list">) and its CSS rules (every
// selector naming a lang- class). Exits 1 naming each page that differs, and where.
import fs from 'node:fs'
import path from 'node:path'
import postcss, { type AtRule, type Container } from 'postcss'
import { isEntryPoint } from '../project/entry-point.ts'

/** The new page with the languages' additions taken out. */
export function withoutLanguageAdditions(html: string): string {
  return html
    .replace(/<link rel="alternate" hreflang="[^"]*" href="[^"]*"\/>/gi, '')
    .replace(/<meta property="og:locale:alternate" content="[^"]*"\/>/g, '')
    .replace(/<nav class="lang-switch"[^>]*>[\s\S]*?<\/nav>/g, '')
    .replace(/<ul class="lang-list"[^>]*>[\s\S]*?<\/ul>/g, '')
    .replace(
      /(<style[^>]*>)([\s\S]*?)(<\/style>)/g,
      (_, open: string, css: string, close: string) => open + withoutLanguageRules(css) + close,
    )
}

/** A stylesheet without the rules of the switcher and the notice (selectors naming a lang- class). */
export function withoutLanguageRules(css: string): string {
  if (!css.includes('lang-')) return css
  const root = postcss.parse(css)
  root.walkRules((rule) => {
    if (/\.lang-|lang-switch/.test(rule.selector)) rule.remove()
  })
  const prune = (container: Container) =>
    container.each((node) => {
      if (node.type !== 'atrule') return
      const at = node as AtRule
      if (at.nodes) {
        prune(at)
        if (at.nodes.length === 0) at.remove()
      }
    })
  prune(root)
  return root.toString()
}

/** Every .html file under dir, as paths relative to it, outside the given top folders. */
function htmlFiles(dir: string, leaveOut: Set<string>): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html') && !leaveOut.has(f.split(path.sep)[0]!))
    .sort()
}

/** The first place two texts differ, with a little of each around it. */
function firstDifference(a: string, b: string): string {
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  return `at character ${i}:\n    old …${a.slice(Math.max(0, i - 60), i + 100)}…\n    new …${b.slice(Math.max(0, i - 60), i + 100)}…`
}

/** The differences between the English pages of two builds (empty: none). */
export function compareEnglishPages(oldDir: string, newDir: string, languageFolders: string[]): string[] {
  const leaveOut = new Set(languageFolders)
  const before = htmlFiles(oldDir, leaveOut)
  const after = htmlFiles(newDir, leaveOut)
  const problems: string[] = []
  for (const file of before.filter((f) => !after.includes(f))) problems.push(`${file}: gone from the new build`)
  for (const file of after.filter((f) => !before.includes(f))) problems.push(`${file}: new in the new build`)
  for (const file of before.filter((f) => after.includes(f))) {
    const old = fs.readFileSync(path.join(oldDir, file), 'utf8')
    const now = withoutLanguageAdditions(fs.readFileSync(path.join(newDir, file), 'utf8'))
    if (old !== now) problems.push(`${file}: differs ${firstDifference(old, now)}`)
  }
  return problems
}

if (isEntryPoint(import.meta.url)) {
  const [oldDir, newDir, ...folders] = process.argv.slice(2)
  if (!oldDir || !newDir) {
    console.error('usage: npx tsx tools/compare-english-pages.ts <old dist/client> <new dist/client> [language folders: ar zh es]')
    process.exit(2)
  }
  const languageFolders = folders.length > 0 ? folders : ['ar', 'zh', 'es']
  const problems = compareEnglishPages(oldDir, newDir, languageFolders)
  const count = htmlFiles(oldDir, new Set(languageFolders)).length
  if (problems.length > 0) {
    console.error(`${problems.length} of ${count} English pages differ:\n${problems.map((p) => `  ${p}`).join('\n')}`)
    process.exit(1)
  }
  console.log(`${count} English pages: the same byte for byte, apart from the alternates and the language switcher`)
}
