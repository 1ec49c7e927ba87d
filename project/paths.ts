// Where everything is: the one module that knows the project's folder layout. Scripts, the build,
// the templates, the server's start-up and the tests all take their folders from here.
//
// The root is the working directory: npm runs every script from the package root, and code that
// Vite bundles (the prerender) or that is compiled for the server cannot find the project from its
// own file's location. CONTENT_DIR, DIST_DIR and BUILD_CACHE_DIR point a build (or a test) at other
// folders; relative values are taken from the root.
import { join, resolve } from 'node:path'

const root = process.cwd()
const contentDir = resolve(root, process.env.CONTENT_DIR ?? 'content')
const cacheDir = resolve(root, process.env.BUILD_CACHE_DIR ?? '.cache')
const distDir = resolve(root, process.env.DIST_DIR ?? 'dist')

/** The parts of a built site in `distDir`: this build's (paths.distDir) or any other. */
export function distLayout(distDir: string) {
  return {
    /** The files the server sends: pages, scripts, styles, images. */
    clientDir: join(distDir, 'client'),
    /** What the server must know about the site (project/site-manifest.ts has its format). */
    siteManifest: join(distDir, 'site-manifest.json'),
  }
}

export const paths = {
  root,
  /** The site's content: YAML, MDX and images (content/README.md). */
  contentDir,
  /** The content's pictures, by the path content names them with ('products/clove.jpg'). */
  contentImagesDir: join(contentDir, 'images'),
  /** Build intermediates kept between builds: the encoded images and their cache. */
  cacheDir,
  /** Vite's publicDir: the encoded images, published with the site. */
  publicDir: join(cacheDir, 'public'),
  imagesOut: join(cacheDir, 'public', 'img'),
  /** The image manifest the templates read (project/image-manifest.ts has its format). */
  imageManifest: join(cacheDir, 'images-manifest.json'),
  imageCache: join(cacheDir, 'images-cache.json'),
  /** The stand-in artwork's pictures encoded once, kept in the repository (tools/artwork/encoded.ts). */
  encodedArtworkDir: join(root, 'tools', 'artwork', 'encoded'),
  /** The built site. */
  distDir,
  ...distLayout(distDir),
}
