// Unit tests (node environment): no built site needed. The server suite, the built pages, the quality
// checks and the browser tests have their own configs (vitest.*.config.ts).
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    // These read the built site (tests/deploy/ makes one): their own configs run them after the build.
    exclude: ['tests/server/**', 'tests/build/**', 'tests/quality/**', 'tests/deploy/**', 'node_modules/**'],
    environment: 'node',
    // Two files at a time even on two cores (vitest's default there is one): many wait on the child
    // processes they start.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
