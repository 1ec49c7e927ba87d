import { inboxHead } from '../../inbox/renderInboxHtml.tsx'

export default function data() {
  return { head: inboxHead('Enquiries') }
}
