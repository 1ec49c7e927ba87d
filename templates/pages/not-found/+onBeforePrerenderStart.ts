import { getGlobalContext } from 'vike/server'
import type { GlobalContextServer } from 'vike/types'
import { notFoundPaths } from '../../lib/routing.ts'
import { pageSite } from '../../lib/site.ts'

export default async () => {
  const globalContext = (await getGlobalContext()) as GlobalContextServer
  return [...notFoundPaths(pageSite({ globalContext }).content).keys()]
}
