import type { PageContextServer } from 'vike/types'
import { inboxHead } from '../../inbox/renderInboxHtml.tsx'

export default function data(pageContext: PageContextServer) {
  return { head: inboxHead(pageContext, 'Log in to the enquiries') }
}
