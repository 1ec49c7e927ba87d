// A client for the owner's inbox in tests: logs in like a browser (Origin of the site, the session
// cookie kept), fetches the CSRF token, and calls pages, API and CSV with the cookies it holds.
import { parse as parseCsv } from 'csv-parse/sync'
import { postJson, SITE_ORIGIN, validData } from './helpers.ts'

export const TEST_PASSWORD = 'correct horse battery staple'
export { SITE_ORIGIN }

export class InboxClient {
  readonly cookies = new Map<string, string>()
  csrfToken: string | undefined

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  async request(
    method: string,
    path: string,
    options: { body?: string; type?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}), ...options.headers }
    if (options.type) headers['content-type'] = options.type
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body: options.body, redirect: 'manual' })
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const [name = '', value = ''] = pair.split('=')
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return res
  }

  login(password = TEST_PASSWORD, headers: Record<string, string> = { origin: SITE_ORIGIN }): Promise<Response> {
    return this.request('POST', '/admin/login', {
      body: new URLSearchParams({ password }).toString(),
      type: 'application/x-www-form-urlencoded',
      headers,
    })
  }

  /** A person's login: their e-mail and password. */
  loginAs(email: string, password: string): Promise<Response> {
    return this.request('POST', '/admin/login', {
      body: new URLSearchParams({ email, password }).toString(),
      type: 'application/x-www-form-urlencoded',
      headers: { origin: SITE_ORIGIN },
    })
  }

  /** Accepts an invitation as its page does (the token after "#" in the link), and is logged in. */
  async accept(link: string, name: string, password: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await this.request('POST', '/admin/api/invitation/accept', {
      body: JSON.stringify({ token: tokenOfLink(link), name, password }),
      type: 'application/json',
      headers: { origin: SITE_ORIGIN },
    })
    const body = (await res.json()) as Record<string, unknown>
    if (res.status === 200) await this.session()
    return { status: res.status, body }
  }

  async session(): Promise<string> {
    const res = await this.request('GET', '/admin/api/session')
    if (res.status !== 200) throw new Error(`session: ${res.status}`)
    this.csrfToken = ((await res.json()) as { csrfToken: string }).csrfToken
    return this.csrfToken
  }

  async loggedIn(): Promise<this> {
    const res = await this.login()
    if (res.status !== 303) throw new Error(`login: ${res.status} ${await res.text()}`)
    await this.session()
    return this
  }

  async getJson<T = Record<string, unknown>>(path: string): Promise<{ status: number; body: T }> {
    const res = await this.request('GET', path)
    return { status: res.status, body: (await res.json()) as T }
  }

  /** A POST as the inbox page sends it: JSON, the CSRF token in a header, the site's Origin. */
  async action(
    path: string,
    body: unknown = {},
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await this.request('POST', path, {
      body: JSON.stringify(body),
      type: 'application/json',
      headers: { origin: SITE_ORIGIN, ...(this.csrfToken ? { 'x-csrf-token': this.csrfToken } : {}), ...headers },
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  async csv(query = ''): Promise<{ res: Response; text: string; rows: string[][] }> {
    const res = await this.request('GET', `/admin/enquiries.csv${query}`)
    // Buffer keeps the byte-order mark that Response.text() would drop.
    const text = Buffer.from(await res.arrayBuffer()).toString('utf8')
    const rows = res.status === 200 ? (parseCsv(text, { bom: true, relax_column_count: false }) as string[][]) : []
    return { res, text, rows }
  }
}

/** Sends a real enquiry through POST /api/submit; resolves to its submission id. */
export async function sendEnquiry(
  baseUrl: string,
  formData: Record<string, unknown> = validData.quickEnquiry,
  formType = 'QuickEnquiry',
  headers: Record<string, string> = {},
): Promise<void> {
  const res = await postJson(baseUrl, { formType, formData }, headers)
  if (res.status !== 200) throw new Error(`submit: ${res.status} ${await res.text()}`)
}

/** The token of an invitation or sign-in link: what follows "#". */
export function tokenOfLink(link: string): string {
  return new URL(link).hash.slice(1)
}
