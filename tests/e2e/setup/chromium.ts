// Debian's Chromium, never a downloaded browser. CHROMIUM_PATH points elsewhere if needed.
import fs from 'node:fs'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function chromiumPath(): string {
  const file = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (!fs.existsSync(file)) {
    throw new Error(`No Chromium at ${file}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`)
  }
  return file
}
