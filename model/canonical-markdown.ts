// The one way the text of an MDX page (a legal text's body) is written, by the browser editor and by
// `npm run format:content` alike, so that changing one word changes one line in git diff whoever made
// the change: `-` bullets, `*emphasis*` and `**strong**`, ATX headings, tight lists, links as
// [text](address), and no line folded or joined (a paragraph's line breaks stay where they are). The
// editor's rich-text box (Decap's markdown widget) writes its own dialect (`*` bullets); the editor's
// format passes what it writes through here (editor/cms-setup.ts).
// The text is read as Markdown (what the editor's box writes: `{` and `<` typed by staff are text) and
// written as MDX, which escapes them. Runs in the browser too: imports mdast utilities only.
import type { Nodes, Root } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { mdxExpressionToMarkdown } from 'mdast-util-mdx-expression'
import { mdxJsxToMarkdown } from 'mdast-util-mdx-jsx'
import { toMarkdown } from 'mdast-util-to-markdown'

/** The marks the text is written with; the editor's rich-text box is told the same (its raw mode shows them). */
export const MARKDOWN_MARKS = { bullet: '-', emphasis: '*', strong: '*', rule: '-' } as const

/**
 * Lists are written tight (no blank line between items), as the editor's box always writes them: a
 * hand-written list with blank lines would otherwise lose them at its first edit there.
 */
function tighten(node: Nodes): void {
  if (node.type === 'list' || node.type === 'listItem') node.spread = false
  if ('children' in node) for (const child of node.children) tighten(child as Nodes)
}

/** The canonical text of a page's Markdown/MDX body, without a final line break. */
export function canonicalMarkdown(text: string): string {
  const tree: Root = fromMarkdown(text)
  tighten(tree)
  return toMarkdown(tree, {
    ...MARKDOWN_MARKS,
    listItemIndent: 'one',
    fences: true,
    // <address> is an autolink in Markdown but a tag in MDX: always [text](address).
    resourceLink: true,
    extensions: [mdxJsxToMarkdown(), mdxExpressionToMarkdown()],
  }).replace(/\n+$/, '')
}
