// The visit counter's beacon, inlined into every public page by build/beacon.ts (one text for every
// page, so the Content Security Policy allows it by one hash). Nothing runs before the page has
// loaded: then, in the browser's idle time, it sends one view with navigator.sendBeacon (a plain-text
// POST, no preflight, no cookie read or set) to the enquiry service, and listens for the few events
// counted: typing in a form (once per form), a document opened, a WhatsApp, telephone or e-mail
// link pressed, and the page's own (trackEvent in project/analytics.ts). A visitor whose browser
// asks not to be tracked (Global Privacy Control, Do Not Track) sends nothing. The visit's tags
// (the first page, the referring site's domain, the utm_ campaign) live in sessionStorage, gone when
// the tab closes; the enquiry forms send them with an enquiry (templates/components/forms/submit.ts).
import { type BeaconPayload, TRACK_EVENT, VISIT_STORAGE_KEY, type VisitTags } from '../../project/analytics.ts'

/** Where the beacon posts: ANALYTICS_ENDPOINT_PATH on the site or on the build's API_ORIGIN (build/beacon.ts). */
declare const __ANALYTICS_ENDPOINT__: string

const nav = navigator as Navigator & { globalPrivacyControl?: boolean }
if (!nav.globalPrivacyControl && nav.doNotTrack !== '1') {
  const path = location.pathname
  let visit: VisitTags = {}
  try {
    visit = JSON.parse(sessionStorage.getItem(VISIT_STORAGE_KEY)!) ?? {}
    if (!visit.a) {
      const referrer = document.referrer && new URL(document.referrer).hostname
      const query = new URLSearchParams(location.search)
      visit = { a: path }
      if (referrer && referrer !== location.hostname) visit.r = referrer
      // utm_source, utm_medium, utm_campaign as s, m, c.
      for (const key of ['source', 'medium', 'campaign']) {
        const value = query.get(`utm_${key}`)
        if (value) visit[key[0] as 's'] = value
      }
      sessionStorage.setItem(VISIT_STORAGE_KEY, JSON.stringify(visit))
    }
  } catch {}
  // The page's language is known from its path, so it is not sent.
  const send = (e: string, t?: string) =>
    nav.sendBeacon(__ANALYTICS_ENDPOINT__, JSON.stringify({ ...visit, e, p: path, t } as BeaconPayload))
  const started = new Set<object>()
  const on = (type: string, listener: (event: Event) => void) => document.addEventListener(type, listener, true)
  // The script is the last thing in <body>: the load event is always still to come.
  addEventListener('load', () => {
    ;(self.requestIdleCallback || setTimeout)(() => send('view'))
    on('input', (event) => {
      const form = (event.target as HTMLInputElement).form
      if (form && !started.has(form)) {
        started.add(form)
        send('form_start')
      }
    })
    on('click', (event) => {
      const link = (event.target as Element).closest('a[href]') as HTMLAnchorElement | null
      // tel:, mailto:, WhatsApp (wa.me, api.whatsapp.com), a PDF.
      const kind = link && /^(tel|mailto):|(wa\.me|whatsapp\.com)\/|(\.pdf)([?#]|$)/i.exec(link.href)
      if (kind) send(kind[1] ?? (kind[2] ? 'whatsapp' : 'download'), kind[3] && link!.pathname)
    })
    on(TRACK_EVENT, (event) => {
      const detail = (event as CustomEvent<{ e: string; t?: string }>).detail
      send(detail.e, detail.t)
    })
  })
}
