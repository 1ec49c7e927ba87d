// A picture manifest in which every picture is the same entry, for rendering pages in tests: their
// markup and size then depend on the page alone, not on the pictures the build encoded.
import type { ImageManifest, RasterImageEntry } from '../../project/image-manifest.ts'

const anyPicture: RasterImageEntry = {
  width: 1600,
  height: 1200,
  avif: [{ url: '/img/x-320.avif', width: 320 }],
  webp: [{ url: '/img/x-320.webp', width: 320 }],
  jpeg: [{ url: '/img/x-800.jpg', width: 800 }],
  fallback: '/img/x-800.jpg',
  dominantColour: '#808080',
}

export const anyPictures = new Proxy({}, { get: () => anyPicture }) as ImageManifest
