// `npm run artwork:encoded`: the site's pictures as the build encodes them, kept in the repository
// under tools/artwork/encoded/ (the encoded files and their cache entries), so that the first build
// of a fresh clone copies them instead of spending minutes encoding (build/build-images.ts, seedDir).
// Run it after `npm run artwork`, or after changing the encoder's settings or updating sharp: the
// build ignores a kept picture whose source or settings differ, and encodes that one itself.
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { siteImageOptions } from '../../build/build.ts'
import { buildImages, type CacheFile, SEED_CACHE } from '../../build/build-images.ts'
import { ContentError, formatProblems, loadContent } from '../../model/load.ts'
import { paths } from '../../project/paths.ts'

async function keepEncoded(): Promise<void> {
  const content = loadContent(paths.contentDir)
  // Without a seed: every picture comes from the build's own cache or its encoder.
  const options = { ...siteImageOptions(content), seedDir: undefined, log: (line: string) => console.log(line) }
  await buildImages(options)
  const cache = JSON.parse(await readFile(options.cachePath!, 'utf8')) as CacheFile
  const seedDir = paths.encodedArtworkDir
  await rm(seedDir, { recursive: true, force: true })
  await mkdir(seedDir, { recursive: true })
  let files = 0
  for (const image of Object.values(cache.images)) {
    for (const file of image.files) {
      await mkdir(path.dirname(path.join(seedDir, file)), { recursive: true })
      await cp(path.join(options.outDir, file), path.join(seedDir, file))
      files++
    }
  }
  await writeFile(path.join(seedDir, SEED_CACHE), `${JSON.stringify(cache, null, 1)}\n`)
  console.log(`artwork: ${Object.keys(cache.images).length} pictures, ${files} encoded files kept in ${path.relative(paths.root, seedDir)}`)
}

try {
  await keepEncoded()
} catch (error) {
  if (!(error instanceof ContentError)) throw error
  console.error(`Encoded pictures not kept: ${error.problems.length} problem(s) in content:\n${formatProblems(error.problems)}`)
  process.exit(1)
}
