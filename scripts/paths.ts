// Where the build reads from and writes to; CONTENT_DIR lets a test build another content folder.
import { join, resolve } from 'node:path'

// npm runs every script from the package root; bundled server code cannot use its own location.
const root = process.cwd()
const cacheDir = resolve(process.env.BUILD_CACHE_DIR ?? join(root, '.cache'))

export const paths = {
  root,
  contentDir: resolve(process.env.CONTENT_DIR ?? join(root, 'content')),
  cacheDir,
  publicDir: join(cacheDir, 'public'),
  imagesOut: join(cacheDir, 'public', 'img'),
  imageManifest: join(cacheDir, 'images-manifest.json'),
  imageCache: join(cacheDir, 'images-cache.json'),
  distDir: resolve(process.env.DIST_DIR ?? join(root, 'dist')),
}
