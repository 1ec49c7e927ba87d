// Tests of the built site: run after `npm run build` (tests/build/). The global setup also builds a
// copy of the project, in a folder whose name has spaces, with a product added as content only.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/build/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/build/setup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 600_000,
  },
})
