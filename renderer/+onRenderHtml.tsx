// Thin shell: renders the page (renderer/render-page.tsx) behind the doctype.
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import { renderPage } from './render-page.tsx'
import '../templates/styles/global.css'

export function onRenderHtml(pageContext: PageContextServer) {
  return escapeInject`<!DOCTYPE html>${dangerouslySkipEscape(renderPage(pageContext))}`
}
