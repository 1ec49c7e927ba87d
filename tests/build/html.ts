// The prerendered pages of a build, read from its client folder (tests/support/html.ts reads them).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { paths } from '../../project/paths.ts'
import { type Node, parsePage } from '../support/html.ts'

export const distClient = paths.clientDir

function htmlFile(path: string, client = distClient): string {
  return path === '/' ? join(client, 'index.html') : join(client, path.slice(1), 'index.html')
}

/** A page's HTML as the build wrote it. */
export function readPage(path: string, client = distClient): string {
  const file = htmlFile(path, client)
  if (!existsSync(file)) throw new Error(`${path} was not prerendered (${file} is missing)`)
  return readFileSync(file, 'utf8')
}

/** A page, parsed. */
export const readParsedPage = (path: string, client = distClient): Node => parsePage(readPage(path, client))
