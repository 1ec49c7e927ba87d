// Speculation rules (https://developer.chrome.com/docs/web-platform/prerender-pages): a visitor who
// rests the pointer on a link for a moment (or presses it) gets the next page prerendered, so it
// opens at once. "moderate" eagerness waits for that intent, so nothing is fetched that a visitor
// does not point at. Every page is static HTML, safe to prerender; /api and /admin are never
// fetched ahead (a POST endpoint, and pages behind a login). The patterns are URL patterns, where a
// "?" starts the query: a pattern meant to exclude addresses with a query would exclude every link.
// The rules are the same on every page, so one CSP hash allows them (build/csp-hashes.ts).
const NEVER_AHEAD = ['/api/*', '/admin', '/admin/*']

const samesitePages = {
  and: [{ href_matches: '/*' }, { not: { href_matches: NEVER_AHEAD } }, { not: { selector_matches: '[rel~=nofollow], [download]' } }],
}

export const SPECULATION_RULES = JSON.stringify({
  prerender: [{ where: samesitePages, eagerness: 'moderate' }],
  // Where prerendering is not possible (a browser's limits, data saver), the page is at least fetched.
  prefetch: [{ where: samesitePages, eagerness: 'moderate' }],
})
