// The deployment test (tests/deploy/): the Dockerfile's stages run outside Docker in a temporary
// copy of the repository. Slow (a full install, with a native module compiled, and a cold build:
// a few minutes), so it has its own run, last in `npm test`.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/deploy/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 1_500_000,
  },
})
