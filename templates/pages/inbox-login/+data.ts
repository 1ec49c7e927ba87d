import { inboxHead } from '../../inbox/renderInboxHtml.tsx'

export default function data() {
  return { head: inboxHead('Log in to the enquiries') }
}
