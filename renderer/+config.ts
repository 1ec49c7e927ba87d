import type { Config } from 'vike/types'

export default {
  prerender: true,
  clientRouting: false,
  passToClient: [],
} satisfies Config
