import { inboxHead } from '../../admin/renderInboxHtml.tsx'

export default function data() {
  return { head: inboxHead('Enquiries') }
}
