// The server suite (tests/server/): the real enquiry service on port 0 with a real SQLite file and a
// real SMTP server, serving the real built site, built once per run (tests/server/setup.ts).
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/server/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
