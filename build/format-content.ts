// `npm run format:content`: rewrites hand-edited content files in the canonical form the browser
// editor writes (model/canonical-yaml.ts), so a later edit in either changes only its own lines.
// `--check` writes nothing and exits 1 listing the files that are not in canonical form.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { formatContent } from '../model/format-content.ts'
import { paths } from '../project/paths.ts'

const check = process.argv.includes('--check')
const changed = formatContent(paths.contentDir).filter((f) => f.before !== f.after)
if (check) {
  if (changed.length > 0) {
    console.error(`Not in canonical form, run "npm run format:content": ${changed.map((f) => `content/${f.file}`).join(', ')}`)
    process.exit(1)
  }
  console.log('Content files are in canonical form.')
} else {
  for (const f of changed) writeFileSync(join(paths.contentDir, f.file), f.after)
  console.log(
    changed.length === 0
      ? 'Content files were already in canonical form.'
      : `Formatted ${changed.map((f) => `content/${f.file}`).join(', ')}`,
  )
}
