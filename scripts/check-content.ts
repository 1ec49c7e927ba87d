// `npm run check:content`: validates every content file in well under a second and lists every problem.
import { ContentError, formatProblems, loadContent } from '../content/load.ts'
import { paths } from '../project/paths.ts'

try {
  const content = loadContent(paths.contentDir)
  const aliases = content.routes.reduce((n, r) => n + r.aliases.length, 0)
  console.log(
    `Content is valid: ${content.products.length} products, ${content.graniteShades.length} granite shades, ` +
      `${content.reviews.reviews.length} reviews, ${content.legal.length} legal texts, ${content.routes.length} pages and ${aliases} alias addresses.`,
  )
} catch (error) {
  if (!(error instanceof ContentError)) throw error
  console.error(`Content has ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}:\n${formatProblems(error.problems)}`)
  process.exit(1)
}
