// The inbox's prerendered pages (templates/pages/admin-*): empty shells that the browser fills from
// the inbox's JSON API. The build moves them out of dist/client into dist/inbox-pages, so no static
// file server (ours or a static host) can ever serve them; only the inbox's routes, behind the
// login, send them.
import fs from 'node:fs'
import path from 'node:path'

export const INBOX_PAGES_FOLDER = 'inbox-pages'
/** The address each shell is prerendered at, and its file once moved. */
export const INBOX_SHELLS = {
  login: { route: '/admin/login', file: 'login.html' },
  enquiries: { route: '/admin/enquiries', file: 'enquiries.html' },
} as const
export type InboxShellName = keyof typeof INBOX_SHELLS

/** Where the login page's message goes (a wrong password, too many tries). */
export const LOGIN_MESSAGE_MARKER = '<div data-login-message=""></div>'

/** After prerendering: dist/client/admin/<page>/index.html → dist/inbox-pages/<page>.html. */
export function moveInboxShells(distDir: string): void {
  const target = path.join(distDir, INBOX_PAGES_FOLDER)
  fs.mkdirSync(target, { recursive: true })
  for (const { route, file } of Object.values(INBOX_SHELLS)) {
    const folder = path.join(distDir, 'client', route)
    fs.renameSync(path.join(folder, 'index.html'), path.join(target, file))
    removeIfEmpty(folder)
  }
  removeIfEmpty(path.join(distDir, 'client', 'admin'))
}

export class InboxShellError extends Error {
  override name = 'InboxShellError'
}

export function loadInboxShells(distDir: string): Record<InboxShellName, string> {
  const read = (name: InboxShellName) => {
    const file = path.join(distDir, INBOX_PAGES_FOLDER, INBOX_SHELLS[name].file)
    if (!fs.existsSync(file)) throw new InboxShellError(`The inbox is on but ${file} is missing. Run "npm run build" again.`)
    return fs.readFileSync(file, 'utf8')
  }
  const shells = { login: read('login'), enquiries: read('enquiries') }
  if (!shells.login.includes(LOGIN_MESSAGE_MARKER))
    throw new InboxShellError('The built login page has no place for its message. Run "npm run build" again.')
  return shells
}

function removeIfEmpty(folder: string): void {
  if (fs.existsSync(folder) && fs.readdirSync(folder).length === 0) fs.rmdirSync(folder)
}
