// Tests of the built site: run after `npm run build` (tests/build/). One file at a time: the
// add-a-product test runs a build of its own.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/build/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 600_000,
  },
})
