// Compiles an MDX text the way the build does and says what would stop the build, at its line, in
// words for the person who wrote the text. Curly braces and tags are code in MDX: `{Mon-Fri}` is
// a subtraction of two unknown names that compiles and then fails while the page renders, so
// besides compiling, every expression, component and import is refused, and the text is rendered
// once as a last safety net.
import type { Position } from './yaml-source.ts'

export interface MdxProblem {
  message: string
  position: Position
}

interface MdastNode {
  type: string
  name?: string | null
  value?: string
  position?: { start: { line: number; column: number } }
  children?: MdastNode[]
  attributes?: { type: string; name?: string; value?: unknown }[]
}

const BRACES = 'Curly braces { } and the sign < have a special meaning in these files'

export async function checkMdx(text: string, path: string): Promise<MdxProblem[]> {
  // Loaded here, not at the top: the check only compiles texts that changed since its last run.
  const [{ createProcessor, evaluate }, { default: remarkFrontmatter }, { VFile }, { createElement }, { renderToStaticMarkup }, runtime] =
    await Promise.all([
      import('@mdx-js/mdx'),
      import('remark-frontmatter'),
      import('vfile'),
      import('react'),
      import('react-dom/server'),
      import('react/jsx-runtime'),
    ])
  const options = { remarkPlugins: [remarkFrontmatter] }
  let tree: MdastNode
  try {
    tree = createProcessor(options).parse(new VFile({ value: text, path })) as MdastNode
  } catch (error) {
    return [syntaxProblem(error)]
  }

  const problems: MdxProblem[] = []
  const visit = (node: MdastNode) => {
    const position = { line: node.position?.start.line ?? 1, col: node.position?.start.column ?? 1 }
    if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
      const inside = node.value ?? ''
      if (!/^\s*(\/\*[\s\S]*?\*\/\s*)*$/.test(inside)) {
        problems.push({
          message: `{${inside}} would stop the page from building. ${BRACES}: write (${inside.trim()}) instead, or \\{${inside}\\} to show the braces`,
          position,
        })
      }
    } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      // Lower-case names are HTML (<br />, <abbr>); a capitalised or dotted name is a component these pages do not have.
      if (node.name && !/^[a-z][a-z0-9]*$/.test(node.name)) {
        problems.push({
          message: `<${node.name}> is not something these pages can show. ${BRACES}: to show the sign itself, write \\<`,
          position,
        })
      }
      for (const attribute of node.attributes ?? []) {
        const value = attribute.value
        if (attribute.type === 'mdxJsxExpressionAttribute' || (typeof value === 'object' && value !== null)) {
          problems.push({
            message: `<${node.name ?? ''} …> has a value in curly braces, which would stop the page from building: write it in "double quotes"`,
            position,
          })
        }
      }
    } else if (node.type === 'mdxjsEsm') {
      problems.push({ message: 'Lines starting with import or export are code: remove this line', position })
    }
    node.children?.forEach(visit)
  }
  visit(tree)
  if (problems.length > 0) return problems

  try {
    const { default: Content } = await evaluate(new VFile({ value: text, path }), { ...options, ...runtime, development: false })
    renderToStaticMarkup(createElement(Content))
  } catch (error) {
    if (isPositioned(error)) return [syntaxProblem(error)]
    return [{ message: `The text cannot be shown: ${(error as Error).message}`, position: { line: 1, col: 1 } }]
  }
  return []
}

interface PositionedMessage {
  reason: string
  line?: number | null
  column?: number | null
  ruleId?: string | null
  source?: string | null
}

function isPositioned(error: unknown): error is PositionedMessage {
  return typeof error === 'object' && error !== null && 'reason' in error && 'line' in error
}

function syntaxProblem(error: unknown): MdxProblem {
  if (!isPositioned(error)) return { message: `The text cannot be read: ${(error as Error).message}`, position: { line: 1, col: 1 } }
  const position = { line: error.line ?? 1, col: error.column ?? 1 }
  const { reason, source = '', ruleId = '' } = error
  if (source?.includes('mdx-jsx') && ruleId === 'unexpected-character') {
    return {
      message: `< starts a tag here. ${BRACES}: to show the sign itself, write \\< (e.g. \\<5%), or write the words "less than"`,
      position,
    }
  }
  if (source?.includes('mdx-expression') && ruleId === 'unexpected-eof') {
    return { message: `A { on this line or above has no closing }. ${BRACES}: write \\{ to show the sign itself`, position }
  }
  if (source?.includes('mdx-jsx')) {
    return {
      message: `A tag (<…>) is not closed or not written correctly: ${reason}. ${BRACES}: write \\< to show the sign itself`,
      position,
    }
  }
  return { message: `The text cannot be read here: ${reason}`, position }
}
