// The icons asked for at fixed addresses (/favicon.ico, /apple-touch-icon.png) are built from the
// site's icon and served by the Node server, so a page without a <link rel="icon"> (the editor's),
// a link preview or an iPhone's home screen never meets a 404.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import icoEndec from 'ico-endec'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { createMemoryLogger } from '../../server/log.ts'
import { startServer, type RunningServer } from '../../server/start.ts'
import { FAVICON_SIZES, TOUCH_ICON_SIZE } from '../../build/site-icons.ts'
import { distClient } from './html.ts'

describe('site icons', () => {
  it('/favicon.ico holds the icon as PNG at 16, 32 and 48 px, drawn (not blank)', async () => {
    const entries = icoEndec.decode(fs.readFileSync(path.join(distClient, 'favicon.ico')))
    expect(entries.map((e) => [e.width, e.height, e.imageType])).toEqual(FAVICON_SIZES.map((s) => [s, s, 'png']))
    for (const entry of entries) {
      const stats = await sharp(entry.imageData).stats()
      // A blank or one-colour image has no spread in any channel.
      expect(Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev))).toBeGreaterThan(20)
    }
  })

  it('/apple-touch-icon.png is 180 px square and opaque (iOS paints transparency black)', async () => {
    const file = path.join(distClient, 'apple-touch-icon.png')
    const meta = await sharp(file).metadata()
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', TOUCH_ICON_SIZE, TOUCH_ICON_SIZE, false])
  })

  describe('served by the Node server', () => {
    let server: RunningServer
    beforeAll(async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-icons-'))
      const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: path.dirname(distClient) })
      server = await startServer(config, { logger: createMemoryLogger() })
    })
    afterAll(async () => {
      await server?.close()
    })

    it.each([
      ['/favicon.ico', 'image/x-icon'],
      ['/apple-touch-icon.png', 'image/png'],
    ])('%s answers 200 with %s', async (url, type) => {
      const response = await fetch(new URL(url, server.url))
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe(type)
      expect(Buffer.from(await response.arrayBuffer())).toEqual(fs.readFileSync(path.join(distClient, url.slice(1))))
    })
  })
})
