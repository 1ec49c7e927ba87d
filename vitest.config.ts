// Unit tests (node environment): no built site needed. The server suite, the built pages, the quality
// checks and the browser tests have their own configs (vitest.*.config.ts).
import { defineConfig } from 'vitest/config'
import { FILE_WORKERS } from './tests/setup/file-workers.ts'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    // These read the built site (tests/deploy/ makes one): their own configs run them after the build.
    exclude: ['tests/server/**', 'tests/build/**', 'tests/quality/**', 'tests/deploy/**', 'node_modules/**'],
    environment: 'node',
    maxWorkers: FILE_WORKERS,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
