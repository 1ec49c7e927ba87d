// SQLite only (the store cannot change the outcome: static not-found pages); *.sqlite.test.ts, tests/setup/server-suites.ts.
// A missing address in a language's folder gets that language's not-found page (/ar/… → the Arabic
// 404.html, written by the build from templates/pages/not-found), with status 404; any other missing
// address the default language's. Served by the real service from the real build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './helpers.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

/** The status and the <html> start tag of the page the server answers with. */
async function notFound(path: string): Promise<{ status: number; html: string | undefined; type: string | null }> {
  const res = await fetch(server.url + path, { redirect: 'manual' })
  const body = await res.text()
  return { status: res.status, html: /<html[^>]*>/.exec(body)?.[0], type: res.headers.get('content-type') }
}

describe('not-found pages in every language', () => {
  it('answers a missing address under /ar/ with the Arabic 404 page', async () => {
    expect(await notFound('/ar/no-such-page')).toEqual({
      status: 404,
      html: '<html lang="ar" dir="rtl">',
      type: 'text/html; charset=utf-8',
    })
    expect((await notFound('/ar/products/no-such-product')).html).toBe('<html lang="ar" dir="rtl">')
  })

  it('each other language its own', async () => {
    expect(await notFound('/zh/nothing')).toMatchObject({ status: 404, html: '<html lang="zh-Hans">' })
    expect(await notFound('/es/nada/de/nada')).toMatchObject({ status: 404, html: '<html lang="es">' })
  })

  it('and everything else the English one, a folder that only starts like a language too', async () => {
    for (const path of ['/no-such-page', '/products/no-such-product', '/arabic/page', '/xx/page'])
      expect(await notFound(path), path).toMatchObject({ status: 404, html: '<html lang="en">' })
  })

  it('the pages that exist in a language folder are served as they are', async () => {
    const res = await fetch(`${server.url}/ar/products/clove`)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<html lang="ar" dir="rtl">')
  })
})
