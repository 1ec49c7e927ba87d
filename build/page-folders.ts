// The build's half of the page registry's checks (model/page-kinds.ts): what the type-checker cannot
// see. Each page kind has its Vike page (templates/pages/<folder>/ with +Page.tsx and a +route.ts
// routing exactly that kind), no Vike page routes a kind the registry does not give it, and after
// prerendering every address of the route table has its HTML file: a page is never left without
// an address, silently.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PAGE_KINDS, type PageKind } from '../model/page-kinds.ts'
import { everyLanguage, type SiteContent } from '../model/site-content.ts'

/** What `+route.ts` of a content page says: `routeTo('about')`. */
const ROUTE_TO = /\brouteTo\(\s*'([A-Za-z]+)'\s*\)/g

/** Problems of the Vike pages under `pagesDir` against the registry, one sentence each; none: []. */
export function pageFolderProblems(pagesDir: string, kinds: Record<string, { folder: string }> = PAGE_KINDS): string[] {
  const problems: string[] = []
  const folderOf = new Map(Object.entries(kinds).map(([kind, { folder }]) => [kind, folder]))
  for (const [kind, folder] of folderOf) {
    const dir = join(pagesDir, folder)
    for (const file of ['+Page.tsx', '+route.ts']) {
      if (!existsSync(join(dir, file)))
        problems.push(
          `The page kind ${kind} (model/page-kinds.ts) has no ${file} in templates/pages/${folder}/: its pages would not be built`,
        )
    }
  }
  for (const folder of readdirSync(pagesDir)) {
    const route = join(pagesDir, folder, '+route.ts')
    if (!existsSync(route)) continue
    for (const [, kind] of readFileSync(route, 'utf8').matchAll(ROUTE_TO)) {
      const registered = folderOf.get(kind!)
      if (registered === undefined)
        problems.push(`templates/pages/${folder}/+route.ts routes the page kind ${kind}, which model/page-kinds.ts does not list`)
      else if (registered !== folder)
        problems.push(
          `templates/pages/${folder}/+route.ts routes the page kind ${kind}, whose page model/page-kinds.ts says is templates/pages/${registered}/`,
        )
    }
  }
  for (const [kind, folder] of folderOf) {
    const route = join(pagesDir, folder, '+route.ts')
    if (!existsSync(route)) continue
    const routed = [...readFileSync(route, 'utf8').matchAll(ROUTE_TO)].map((m) => m[1])
    if (!routed.includes(kind))
      problems.push(`templates/pages/${folder}/+route.ts does not route the page kind ${kind} (write routeTo('${kind}'))`)
  }
  return problems
}

/** The HTML file a prerendered address is written to: /about → about/index.html. */
export function htmlFileOf(path: string): string {
  return join(...path.split('/').filter(Boolean), 'index.html')
}

/** Every address of the route table, in every language, that has no prerendered HTML file under `clientDir`. */
export function unprerendered(content: SiteContent, clientDir: string): { kind: PageKind; path: string; source: string }[] {
  return everyLanguage(content).flatMap((language) =>
    language.routes.flatMap((route) =>
      [route.path, ...route.aliases]
        .filter((path) => !existsSync(join(clientDir, htmlFileOf(path))))
        .map((path) => ({ kind: route.kind, path, source: route.source })),
    ),
  )
}

/** The pages and the registry disagree: each problem a sentence. */
export class PageRegistryError extends Error {
  constructor(readonly problems: string[]) {
    super(`the pages and their registry (model/page-kinds.ts) disagree:\n${problems.map((p) => `  ${p}`).join('\n')}`)
  }
}

/** Throws PageRegistryError when a page kind has no Vike page or a Vike page routes no registered kind. */
export function checkPageFolders(pagesDir: string): void {
  const problems = pageFolderProblems(pagesDir)
  if (problems.length > 0) throw new PageRegistryError(problems)
}

/** Throws PageRegistryError when an address of the route table was not prerendered. */
export function checkPrerendered(content: SiteContent, clientDir: string): void {
  const missing = unprerendered(content, clientDir)
  if (missing.length > 0)
    throw new PageRegistryError(missing.map(({ kind, path, source }) => `${path} (a ${kind} page, from ${source}) was not prerendered`))
}
