// Writes brotli (.br, maximum quality) and gzip (.gz, level 9) copies beside every text file of the
// built site that is worth compressing, so the server never compresses at request time.
// Usage from the build: `await precompressDir(paths.clientDir)`; or `tsx build/precompress.ts [dir]`.
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { isEntryPoint } from '../project/entry-point.ts'
import { paths } from '../project/paths.ts'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

export const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.webmanifest', '.map'])
/** Below this a compressed response saves less than the headers it adds. */
export const MIN_BYTES = 512
const PARALLEL = 4

export interface PrecompressStats {
  files: number
  bytes: number
  brotliBytes: number
  gzipBytes: number
}

export async function precompressDir(dir: string): Promise<PrecompressStats> {
  const files = (await listFiles(dir)).filter((f) => COMPRESSIBLE.has(path.extname(f).toLowerCase()))
  const stats: PrecompressStats = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 }
  let next = 0
  const work = async () => {
    while (next < files.length) {
      const file = files[next++]!
      const source = await fs.promises.readFile(file)
      if (source.length < MIN_BYTES) {
        await removeStale(file)
        continue
      }
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ])
      // A copy that is not smaller is never served; do not leave an old one behind either.
      await writeOrRemove(`${file}.br`, br, source.length)
      await writeOrRemove(`${file}.gz`, gz, source.length)
      stats.files++
      stats.bytes += source.length
      stats.brotliBytes += Math.min(br.length, source.length)
      stats.gzipBytes += Math.min(gz.length, source.length)
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, work))
  return stats
}

async function writeOrRemove(file: string, content: Buffer, originalSize: number): Promise<void> {
  if (content.length < originalSize) await fs.promises.writeFile(file, content)
  else await fs.promises.rm(file, { force: true })
}

async function removeStale(file: string): Promise<void> {
  await Promise.all([fs.promises.rm(`${file}.br`, { force: true }), fs.promises.rm(`${file}.gz`, { force: true })])
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

if (isEntryPoint(import.meta.url)) {
  const dir = process.argv[2] ?? paths.clientDir
  const stats = await precompressDir(dir)
  const pct = (n: number) => (stats.bytes ? `${((100 * n) / stats.bytes).toFixed(1)}%` : '-')
  console.log(
    `precompressed ${stats.files} files in ${dir}: ${stats.bytes} bytes → brotli ${stats.brotliBytes} (${pct(stats.brotliBytes)}), gzip ${stats.gzipBytes} (${pct(stats.gzipBytes)})`,
  )
}
