// The icons browsers and apps ask for at fixed addresses, whatever the page says: /favicon.ico
// (pages without a <link rel="icon">, such as the editor's, feed readers, link previews, crawlers)
// and /apple-touch-icon.png (an iPhone saving the site to its home screen). Both are drawn from
// the site's icon (site.yaml `icon`, content/README.md), so they never disagree with the tab icon
// and never answer 404.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import icoEndec from 'ico-endec'
import sharp from 'sharp'

/** Windows and browsers pick the size that fits: a tab, a bookmark, a taskbar. */
export const FAVICON_SIZES = [16, 32, 48] as const
/** The size iOS asks for; it fills transparency with black, so the icon sits on white. */
export const TOUCH_ICON_SIZE = 180

export async function writeSiteIcons(iconFile: string, clientDir: string): Promise<void> {
  const square = (size: number) => sharp(iconFile, { density: 300 }).resize(size, size, { fit: 'contain', background: '#0000' })
  const favicons = await Promise.all(FAVICON_SIZES.map((size) => square(size).png().toBuffer()))
  await writeFile(join(clientDir, 'favicon.ico'), icoEndec.encode(favicons))
  const touchIcon = await square(TOUCH_ICON_SIZE).flatten({ background: '#ffffff' }).png().toBuffer()
  await writeFile(join(clientDir, 'apple-touch-icon.png'), touchIcon)
}
