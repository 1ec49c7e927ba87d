// What the live preview serves (dev/preview/vite-plugin.ts): the site's pages and the modules they
// load, never the project's other files, wherever the project itself sits.
import { describe, expect, it } from 'vitest'
import { servable } from '../../dev/preview/vite-plugin.ts'

// A copy of the project under a hidden folder, as the preview's e2e test makes it (.cache/…).
const root = '/srv/site/.cache/preview-e2e-1/project'
const publicDir = `${root}/.cache/public`

describe('the preview serves', () => {
  it("a page's own modules by their /@fs/ address, also when the project sits in a hidden folder", () => {
    // Chromium at http://localhost asks Vike's client entries by /@fs/ (seen in the preview e2e).
    expect(servable(`/@fs${root}/templates/pages/product/+client.ts`, root, publicDir)).toBe(true)
    expect(servable('/templates/pages/product/+client.ts', root, publicDir)).toBe(true)
    expect(servable('/@fs/srv/site/node_modules/react/index.js', root, publicDir)).toBe(true)
    expect(servable('/node_modules/.vite/deps/react.js', root, publicDir)).toBe(true)
  })

  it("never the project's other files, by any address", () => {
    for (const path of [
      '/package.json',
      `/@fs${root}/package.json`,
      `/@fs${root}/.git/config`,
      `/@fs${root}/server/main.ts`,
      `/@fs${root}/data/enquiries.sqlite3`,
      '/@fs/srv/site/node_modules/.bin/vite',
      '/@fs/etc/passwd',
      '/.git/config',
      '/server/main.ts',
    ])
      expect(servable(path, root, publicDir), path).toBe(false)
  })
})
