// Quality checks of the built site (run after `npm run build`): axe-core in Chromium on every page at
// phone and desktop width, the Nu HTML Checker over every HTML file, structured data, internal links
// and assets, and the size budget. One server and one browser for the run (tests/quality/setup.ts).
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/quality/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/quality/setup.ts'],
    pool: 'forks',
    // Browser checks run a few pages at once on the one shared browser.
    maxConcurrency: 3,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
})
