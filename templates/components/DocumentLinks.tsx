// The links product, shade, contact and product-list pages add beside their buttons: the PDF made
// by the build (build/documents/documents.ts), a WhatsApp chat and the quotation. Plain links: no script.
import type { QuoteLink } from '../lib/quote.ts'

/** "Download specification sheet (PDF)" / "Download catalogue (PDF)": a PDF the build wrote. */
export function PdfLink({ href, label }: { href: string; label: string }) {
  return (
    <a className="button button-outline" href={href} type="application/pdf">
      {label}
    </a>
  )
}

/** "Chat on WhatsApp": https://wa.me/<number>?text=…, the message already written in the page's language. */
export function WhatsAppLink({ href, label }: { href: string; label: string }) {
  return (
    <a className="button button-outline" href={href} rel="noopener noreferrer">
      {label}
    </a>
  )
}

/** "Add to quotation": a plain link to the quotation page carrying the item (templates/lib/quote.ts);
 * on the product's own page, under its name. */
export function QuoteAddLink({ link }: { link: QuoteLink }) {
  return (
    <a className="button" href={link.href} rel="nofollow">
      {link.label}
    </a>
  )
}

/** A row of the links on product and shade pages: add to the quotation, the spec sheet, and the
 * WhatsApp chat when content gives a number. */
export function ProductDocumentLinks({
  sheet,
  whatsapp,
  quote,
  words,
}: {
  sheet: string
  whatsapp?: string | undefined
  quote?: QuoteLink | undefined
  words: { specSheet: string; chat: string }
}) {
  return (
    <div className="button-row document-links">
      {quote && <QuoteAddLink link={quote} />}
      <PdfLink href={sheet} label={words.specSheet} />
      {whatsapp && <WhatsAppLink href={whatsapp} label={words.chat} />}
    </div>
  )
}
