import type { PageContextServer } from 'vike/types'
import { pageSite } from '../../lib/site.ts'
import { notFoundData } from '../_error/not-found.ts'

export default function data(pageContext: PageContextServer) {
  return notFoundData(pageSite(pageContext).content)
}
