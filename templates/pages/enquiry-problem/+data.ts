import { pageHead } from '../../lib/head.ts'
import { getContent } from '../../lib/site.ts'

export default function data() {
  const { pages } = getContent()
  const page = pages.enquiryProblem
  const head = pageHead(page, { noindex: true })
  return { head, page }
}

export type Data = ReturnType<typeof data>
