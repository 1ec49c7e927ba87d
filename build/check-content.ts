// `npm run check:content`: checks every content file (in about a second) and lists every problem
// with its file and line. Exit code 1 when there is an error; warnings alone do not fail.
// Under GitHub Actions (GITHUB_ACTIONS=true) each problem is also printed as a workflow command,
// which GitHub shows on the changed line of the pull request.
import { join } from 'node:path'
import { checkContent } from '../model/check.ts'
import { formatContent } from '../model/format-content.ts'
import { formatProblems, githubAnnotations } from '../model/problems.ts'
import { formatCoverage } from '../model/translation-coverage.ts'
import { paths } from '../project/paths.ts'

const { content, errors, warnings, coverage } = await checkContent({
  dir: paths.contentDir,
  cacheFile: join(paths.cacheDir, 'content-check.json'),
  coverage: true,
})

if (process.env.GITHUB_ACTIONS === 'true') {
  const annotations = githubAnnotations([...errors, ...warnings])
  if (annotations) console.log(annotations)
}
if (warnings.length > 0) {
  console.warn(`${warnings.length} warning${warnings.length === 1 ? '' : 's'} (the site still builds):\n${formatProblems(warnings)}\n`)
}
// The layout the browser editor writes: a hand-edited file in another layout would make the next
// edit in the editor rewrite every line of it (model/canonical-yaml.ts).
let unformatted: string[]
try {
  unformatted = formatContent(paths.contentDir)
    .filter((f) => f.before !== f.after)
    .map((f) => `content/${f.file}`)
} catch (error) {
  unformatted = [(error as Error).message]
}
if (unformatted.length > 0) {
  console.error(
    `Not in the editor's layout (run "npm run format:content", then check again):\n${unformatted.map((f) => `  ${f}`).join('\n')}\n`,
  )
  process.exitCode = 1
}
if (errors.length > 0 || !content) {
  console.error(`Content has ${errors.length} problem${errors.length === 1 ? '' : 's'} to fix:\n${formatProblems(errors)}`)
  process.exitCode = 1
} else {
  const aliases = content.routes.reduce((n, r) => n + r.aliases.length, 0)
  console.log(
    `Content is valid: ${content.products.length} products, ${content.graniteShades.length} granite shades, ` +
      `${content.reviews.reviews.length} reviews, ${content.legal.length} legal texts, ${content.routes.length} pages and ${aliases} alias addresses.`,
  )
  if (coverage) {
    // Missing and outdated translations are among the warnings above (content/README.md, "Languages").
    console.log(`Translations:\n${coverage.languages.map((l) => `  ${formatCoverage(l)}`).join('\n')}`)
    for (const note of coverage.notes) console.log(`  ${note}`)
  }
}
