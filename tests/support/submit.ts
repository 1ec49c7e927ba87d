// An enquiry posted to a running service as the site's forms post it with JavaScript (JSON to
// /api/submit): shared by the server suites (tests/server/helpers.ts) and the build's.

export function postJson(baseUrl: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/api/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}
