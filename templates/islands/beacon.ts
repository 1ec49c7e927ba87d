// The visit counter's beacon, inlined into every public page by build/beacon.ts (one text for every
// page, so the Content Security Policy allows it by one hash). While the page is parsed it only
// reads and writes the visit in sessionStorage; after the load event, in a task of its own, it sends
// one view with navigator.sendBeacon (a plain-text POST, no preflight, no cookie read or set) to the
// enquiry service. It also sends the few events counted: typing in a form (once per page), a WhatsApp,
// telephone, e-mail or PDF link pressed, and the page's own (trackEvent in project/analytics.ts,
// through the global it leaves). A browser that sends Global Privacy Control sends nothing; Do Not
// Track, which browsers no longer offer to most, is honoured by the service (its header). The visit's
// tags (the first page, its query, the referrer) live in sessionStorage, gone when the tab closes;
// the enquiry forms send them with an enquiry (templates/components/forms/submit.ts). Every byte here
// is in every page's first round trip: what the service can work out (the utm_ tags, the referrer's
// domain, the page's language, which link was pressed) is left to it.
import { type BeaconPayload, COUNTER_GLOBAL, VISIT_STORAGE_KEY, type VisitTags } from '../../project/analytics.ts'
import { BASKET_KEY } from '../components/quote/basket.ts'

/** Where the beacon posts: ANALYTICS_ENDPOINT_PATH on the site or on the build's API_ORIGIN (build/beacon.ts). */
declare const __ANALYTICS_ENDPOINT__: string
/** Whether visits are counted (false with ANALYTICS=false or in a preview build: then only the basket's count below is left). */
declare const __COUNT_VISITS__: boolean

// Not the visit counter's, but in the same one script every public page has: the number of products
// in the quotation basket (templates/components/quote/basket.ts), after the header's link to it.
try {
  const badge = document.querySelector<HTMLElement>('[data-basket]')!
  // No basket (the quotation page removes it once empty) throws, and the link stays hidden.
  badge.textContent = JSON.parse(localStorage[BASKET_KEY]).length
  badge.parentElement!.hidden = false
} catch {}

const nav = navigator as Navigator & { globalPrivacyControl?: boolean }
if (__COUNT_VISITS__ && !nav.globalPrivacyControl) {
  let visit: VisitTags = {}
  try {
    // The first page of the visit keeps its address, query and referrer; the service takes only the
    // utm_ tags of the query and the domain of the referrer, and keeps nothing else of them.
    visit = JSON.parse(sessionStorage.getItem(VISIT_STORAGE_KEY)!) || { a: location.pathname, q: location.search, r: document.referrer }
    sessionStorage.setItem(VISIT_STORAGE_KEY, JSON.stringify(visit))
  } catch {}
  visit.p = location.pathname
  // The page's language is known from its path, so it is not sent.
  const send = (e: string, t?: string) => nav.sendBeacon(__ANALYTICS_ENDPOINT__, JSON.stringify({ ...visit, e, t } as BeaconPayload))
  // The visit, for the enquiry forms (templates/components/forms/submit.ts), and `send`, for a page
  // script's own events (trackEvent in project/analytics.ts).
  ;(self as unknown as Record<string, unknown>)[COUNTER_GLOBAL] = { v: visit, s: send }
  const on = (type: string, listener: (event: Event) => void) => document.addEventListener(type, listener, true)
  let typed: unknown
  // The script is the last thing in <body>: the load event is always still to come. The view is sent
  // in a task of its own after it, so nothing of it is in the page's load; a page the browser
  // prerendered (the speculation rules, on a link's hover) is counted once it is shown, if ever.
  const view = () =>
    (document as Document & { prerendering?: boolean }).prerendering ? on('prerenderingchange', view) : setTimeout(send, 0, 'view')
  addEventListener('load', view)
  // A visitor typing in a form: once per page.
  on('input', () => {
    typed ||= send('form_start')
  })
  // tel:, mailto:, WhatsApp and PDF links: the service tells which from the address (and ignores others).
  on('click', (event) => {
    const link = (event.target as Element).closest('a')
    if (link && /^(tel|mailto):|wa\.me|whatsapp|\.pdf/i.test(link.href)) send('link', link.href)
  })
}
