// What the quality checks share: the copy of the built site under test and its pages.
import { join } from 'node:path'
import { inject } from 'vitest'
import { htmlPages } from '../../tools/page-weights.ts'

export const distDir = inject('qualityDistDir')
export const client = join(distDir, 'client')
export const baseURL = inject('qualityBaseURL')
export const wsEndpoint = inject('qualityWsEndpoint')

/** Every prerendered page as [site path, file]: routes, aliases, 404, thank-you and problem pages. */
export const pages = htmlPages(client)
