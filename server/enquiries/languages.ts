// How the owner's tools name a buyer's language: in English, with its code ("Arabic (ar)"), as the
// owner reads English. The code is what the enquiry stores (the site's languages, content/site.yaml).
const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' })

/** "Arabic (ar)"; a code no one knows reads as itself. */
export function languageLabel(code: string): string {
  let name: string | undefined
  try {
    name = names.of(code)
  } catch {
    name = undefined
  }
  return name && name !== code ? `${name} (${code})` : code
}

/** The site's default language: enquiries stored before languages are in it. */
export const DEFAULT_LANGUAGE = 'en'
