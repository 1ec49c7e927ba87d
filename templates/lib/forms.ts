// Props of the form islands, built from content (the components themselves live in components/forms/).
import type { SiteContent } from '../../content/load.ts'

export function enquiryFormProps(content: SiteContent, formType: string, labelledBy: string) {
  const { forms } = content
  return {
    formType,
    dialCodes: forms.dialCodes,
    defaultDialCode: forms.defaultDialCode,
    requirementPlaceholder: forms.requirementPlaceholder,
    containerPlaceholder: forms.containerPlaceholder,
    idPrefix: 'enquiry',
    labelledBy,
  }
}

/** The product choices of the contact, quick-enquiry, export and review forms. */
export function productOptions(content: SiteContent): string[] {
  return content.products.map((p) => p.enquiryLabel ?? p.menuLabel)
}
