// CI: the site paths of the pages a build changed, from two build manifests (dist/build-manifest.json,
// project/build-manifest.mjs): every HTML file whose hash differs or that is new, one path a line
// (/products/clove, /ar/404.html). With no earlier manifest, every page. Plain node, no packages.
//   node .ci/changed-pages.mjs <earlier manifest> <new manifest>
import { existsSync, readFileSync } from 'node:fs'

const [earlierFile, newFile] = process.argv.slice(2)
if (!newFile) {
  process.stderr.write('Usage: node .ci/changed-pages.mjs <earlier build-manifest.json> <new build-manifest.json>\n')
  process.exit(2)
}
/** @param {string} file @returns {Record<string, { sha256: string }>} */
const filesOf = (file) => JSON.parse(readFileSync(file, 'utf8')).files
const earlier = earlierFile && existsSync(earlierFile) ? filesOf(earlierFile) : {}
const pages = []
for (const [file, { sha256 }] of Object.entries(filesOf(newFile))) {
  if (!file.startsWith('client/') || !file.endsWith('.html') || earlier[file]?.sha256 === sha256) continue
  const rel = file.slice('client/'.length)
  pages.push(rel === 'index.html' ? '/' : rel.endsWith('/index.html') ? `/${rel.slice(0, -'/index.html'.length)}` : `/${rel}`)
}
process.stdout.write(
  pages
    .sort()
    .map((p) => `${p}\n`)
    .join(''),
)
