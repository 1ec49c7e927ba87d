// The page the preview shows instead of the site while the content has errors: the check's own
// messages, each with its file and line, and Vite's client, which reloads the page once the file
// is fixed and saved.
import type { Problem } from '../../model/problems.ts'

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** `name` in a message is a field or value to type: shown as code. */
const withCode = (html: string) => html.replace(/`([^`]+)`/g, '<code>$1</code>')

export function problemPage(errors: readonly Problem[], warnings: readonly Problem[]): string {
  const item = (p: Problem) =>
    `<li><code class="where">${escapeHtml(p.file)}${p.line ? `:${p.line}` : ''}</code>${p.field ? ` <code>${escapeHtml(p.field)}</code>` : ''}<p>${withCode(escapeHtml(p.message))}</p></li>`
  const count = `${errors.length} problem${errors.length === 1 ? '' : 's'}`
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Preview: ${count} in the content</title>
<script type="module" src="/@vite/client"></script>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #fff8f6; color: #2b1b17; }
  main { max-width: 60rem; margin: 0 auto; padding: 2rem 1rem; }
  h1 { font-size: 1.5rem; color: #9b1c1c; margin: 0 0 .5rem; }
  ol { padding-left: 1.25rem; }
  li { margin: 1rem 0; padding: .75rem 1rem; background: #fff; border-left: 4px solid #c53030; }
  li.warning { border-left-color: #b7791f; }
  li p { margin: .25rem 0 0; }
  code.where { font-weight: 600; }
  .hint { color: #5c4a45; }
</style>
</head>
<body>
<main>
<h1>The preview cannot show the site: ${count} in the content</h1>
<p class="hint">Fix ${errors.length === 1 ? 'it' : 'them'} in the file${errors.length === 1 ? '' : 's'} named below and save: this page reloads by itself. The line number follows the colon after the file name.</p>
<ol id="problems">
${errors.map(item).join('\n')}
</ol>
${warnings.length > 0 ? `<h2>Warnings (the site still builds)</h2>\n<ol>\n${warnings.map((w) => item(w).replace('<li>', '<li class="warning">')).join('\n')}\n</ol>` : ''}
</main>
</body>
</html>
`
}
