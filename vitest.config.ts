// Unit and server tests (node environment). End-to-end browser tests have their own
// vitest.e2e.config.ts.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    // tests/build/ and tests/quality/ read the built site, tests/deploy/ makes one: their own configs run them.
    exclude: ['tests/build/**', 'tests/quality/**', 'tests/deploy/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
