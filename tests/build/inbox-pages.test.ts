// The inbox's prerendered pages in the built site: moved out of the public folder (only the inbox's
// routes send them, behind its login), never indexed, not in sitemap.xml, /admin disallowed.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { INBOX_PAGES_FOLDER, INBOX_SHELLS, LOGIN_MESSAGE_MARKER } from '../../server/inbox/shells.ts'
import { distClient, meta } from './html.ts'

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
      const html = shell(name)
      expect(meta(html, 'robots'), name).toBe('noindex')
      expect(html, name).not.toContain('rel="canonical"')
    }
    expect(shell('login')).toContain(LOGIN_MESSAGE_MARKER)
    const form = /<form[^>]*>/.exec(shell('login'))![0]
    expect(form).toContain('method="post"')
    expect(form).toContain('action="/admin/login"')
    const input = /<input[^>]*id="password"[^>]*>/.exec(shell('login'))![0]
    expect(input).toContain('name="password"')
    expect(input).toContain('type="password"')
    expect(shell('enquiries')).toContain('id="inbox-root"')
    expect(shell('enquiries')).toMatch(/<script[^>]+type="module"/)
  })

  it('are left out of sitemap.xml, and robots.txt disallows /admin', () => {
    expect(readFileSync(join(distClient, 'sitemap.xml'), 'utf8')).not.toContain('/admin')
    expect(readFileSync(join(distClient, 'robots.txt'), 'utf8')).toMatch(/^Disallow: \/admin$/m)
  })
})
