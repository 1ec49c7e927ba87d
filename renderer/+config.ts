import type { Config } from 'vike/types'

export default {
  prerender: true,
  clientRouting: false,
  passToClient: [],
  // Pages are HTML only: their components render at build time and never reach the browser (the
  // islands a page hydrates are loaded by its +client.ts). Left at Vike's default, every page's
  // component tree, with the content loader and zod behind it, was bundled for the browser too, and
  // the islands shared a chunk with that code.
  meta: { Page: { env: { server: true, client: false } } },
} satisfies Config
