// Unit and server tests (node environment). End-to-end browser tests have their own
// vitest.e2e.config.ts.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
