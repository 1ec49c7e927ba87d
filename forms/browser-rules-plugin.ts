// The browser forms import their rules from forms/browser-rules/<kind>.ts, one file per kind of form
// so each page ships only its own. Those files derive the rules from the zod schemas when they load,
// which is what prerendering and the tests use. In the browser build (and the dev server's browser
// modules) this plugin replaces each of them by the derived rules (and the form's typed fields and
// its English words, forms/field-views.ts) written out as literals, so zod never reaches the browser
// and content/interface.yaml's English words reach it as that file has them. tests/unit/forms/rules.test.ts checks that both give the same rules.
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { paths } from '../project/paths.ts'

const RULES_DIR = fileURLToPath(new URL('./browser-rules', import.meta.url))
const SCHEMAS = fileURLToPath(new URL('./schemas.ts', import.meta.url))
const REGISTRY = fileURLToPath(new URL('../project/form-fields.ts', import.meta.url))
/** The English words the forms show (project/english-forms.ts). */
const ENGLISH_WORDS = join(paths.contentDir, 'interface.yaml')

export function browserRulesPlugin(): Plugin {
  return {
    name: 'form-rules-for-the-browser',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0]!
      if (this.environment.config.consumer !== 'client' || dirname(file) !== RULES_DIR) return undefined
      this.addWatchFile(SCHEMAS)
      this.addWatchFile(REGISTRY)
      this.addWatchFile(ENGLISH_WORDS)
      // Imported here, not at the top: the dev server reads the schemas afresh when they change.
      const { browserRulesSource } = await import('./derive-rules.ts')
      return browserRulesSource(basename(file, '.ts'))
    },
  }
}
