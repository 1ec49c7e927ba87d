// The forms as visitors see them ("Clove enquiry", "Contact form"), named at build time from the
// content (the inbox pages are prerendered; the server never reads the content's YAML). The inbox
// page carries them in its shell, and the browser reads them from there.
import type { SiteContent } from '../../model/load.ts'

/** formType → its name in the inbox. A formType not here is shown as it is. */
export function formNames(content: Pick<SiteContent, 'agroProducts' | 'graniteShades'>): Record<string, string> {
  const names: Record<string, string> = {
    QuickEnquiry: 'Quick enquiry (home page)',
    contact: 'Contact form',
    ExportEnquiry: 'Export enquiry (products page)',
    Review: 'Review',
  }
  for (const p of content.agroProducts) names[p.formType] = `${p.name} enquiry`
  for (const s of content.graniteShades) names[s.formType] = `${s.name} granite enquiry`
  return names
}

/** The attribute of the inbox's root element that holds the names as JSON. */
export const FORM_NAMES_ATTRIBUTE = 'data-form-names'

let cached: Record<string, string> | undefined

/** In the browser: the name of a formType, from the shell. */
export function formName(formType: string): string {
  if (cached === undefined) {
    try {
      cached = JSON.parse(document.getElementById('inbox-root')?.getAttribute(FORM_NAMES_ATTRIBUTE) ?? '{}') as Record<string, string>
    } catch {
      cached = {}
    }
  }
  return cached[formType] ?? formType
}
