// The inbox's prerendered pages in the built site: moved out of the public folder (only the inbox's
// routes send them, behind its login), never indexed, not in sitemap.xml, /admin disallowed.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { INBOX_PAGES_FOLDER, INBOX_SHELLS, LOGIN_MESSAGE_MARKER } from '../../server/inbox/shells.ts'
import { attr, canonical, elements, meta, parsePage } from '../support/html.ts'
import { distClient } from './html.ts'

const distDir = join(distClient, '..')
const shell = (name: keyof typeof INBOX_SHELLS) => readFileSync(join(distDir, INBOX_PAGES_FOLDER, INBOX_SHELLS[name].file), 'utf8')

describe('inbox pages', () => {
  it('are not public files of the site', () => {
    for (const { route } of Object.values(INBOX_SHELLS)) expect(existsSync(join(distClient, route)), route).toBe(false)
    const all = readdirSync(distClient, { recursive: true }).map(String)
    expect(all.filter((f) => /(^|\/)admin\/(login|enquiries)/.test(f))).toEqual([])
  })

  it('are noindex pages with no canonical address, the login form and the inbox root', () => {
    for (const name of ['login', 'enquiries'] as const) {
      const page = parsePage(shell(name))
      expect(meta(page, 'robots'), name).toBe('noindex')
      expect(canonical(page), name).toBeUndefined()
    }
    expect(shell('login')).toContain(LOGIN_MESSAGE_MARKER)
    const login = parsePage(shell('login'))
    const [form] = elements(login, 'form')
    expect(form && attr(form, 'method')).toBe('post')
    expect(form && attr(form, 'action')).toBe('/admin/login')
    const [input] = elements(login, 'input', (i) => attr(i, 'id') === 'password')
    expect(input && attr(input, 'name')).toBe('password')
    expect(input && attr(input, 'type')).toBe('password')
    const inbox = parsePage(shell('enquiries'))
    expect(elements(inbox, '*', (e) => attr(e, 'id') === 'inbox-root')).toHaveLength(1)
    expect(elements(inbox, 'script', (s) => attr(s, 'type') === 'module').length).toBeGreaterThan(0)
  })

  it('are left out of sitemap.xml, and robots.txt disallows /admin', () => {
    expect(readFileSync(join(distClient, 'sitemap.xml'), 'utf8')).not.toContain('/admin')
    expect(readFileSync(join(distClient, 'robots.txt'), 'utf8')).toMatch(/^Disallow: \/admin$/m)
  })
})
