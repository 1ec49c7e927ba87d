import { renderToString } from 'react-dom/server'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'

export function onRenderHtml(pageContext: PageContextServer) {
  const { Page } = pageContext
  const html = renderToString(Page ? <Page /> : null)
  return escapeInject`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>${dangerouslySkipEscape(html)}</body></html>`
}
