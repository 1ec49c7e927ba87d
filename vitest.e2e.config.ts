// End-to-end tests: the built site, served by the real server with a real SMTP server, driven in
// Debian's Chromium. One browser and one server for the whole run (tests/e2e/setup/global.ts);
// files run one after another so timings (loading states, the dropdown's close delay) hold.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/setup/global.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 240_000,
    teardownTimeout: 30_000,
    reporters: ['default'],
  },
})
