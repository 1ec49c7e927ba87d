import type { PageContextServer } from 'vike/types'
import { formNames } from '../../inbox/form-names.ts'
import { inboxHead } from '../../inbox/renderInboxHtml.tsx'
import { pageSite } from '../../lib/site.ts'

export default function data(pageContext: PageContextServer) {
  return { head: inboxHead(pageContext, 'Enquiries'), formNames: formNames(pageSite(pageContext).content) }
}
