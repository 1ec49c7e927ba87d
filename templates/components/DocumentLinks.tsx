// The links product, shade, contact and product-list pages add beside their buttons: the PDF made
// by the build (build/documents/documents.ts) and a WhatsApp chat. Plain links: no script.

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

/** A row of the two on product and shade pages; the WhatsApp link only when content gives a number. */
export function ProductDocumentLinks({
  sheet,
  whatsapp,
  words,
}: {
  sheet: string
  whatsapp?: string
  words: { specSheet: string; chat: string }
}) {
  return (
    <div className="button-row document-links">
      <PdfLink href={sheet} label={words.specSheet} />
      {whatsapp && <WhatsAppLink href={whatsapp} label={words.chat} />}
    </div>
  )
}
