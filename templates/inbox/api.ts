// The inbox page's calls to its JSON API (server/inbox/router.ts). A 401 means the session ended:
// the page goes to the login. State changes carry the session's CSRF token in a header.
import type { AnalyticsReport } from '../../project/analytics.ts'
import type { EnquiryDetail, InboxDashboard, InboxPage, StateCounts } from '../../project/inbox-api.ts'

export type { EnquiryDetail, InboxRow, MailDelivery } from '../../project/inbox-api.ts'
export type InboxList = InboxPage & {
  formTypes: string[]
  /** The languages that have enquiries: their codes and names for the owner ("Arabic (ar)"). */
  languages: Array<{ code: string; name: string }>
  counts: StateCounts
}
export type { InboxDashboard }
export type FieldView = { name: string; label: string; value: string; long: boolean }
export type EnquiryView = EnquiryDetail & { fields: FieldView[] }

export class ApiError extends Error {
  override name = 'ApiError'
}

async function answer<T>(res: Response): Promise<T> {
  if (res.status === 401) {
    window.location.assign('/admin/login')
    throw new ApiError('Your session has ended. Log in again.')
  }
  const body = (await res.json().catch(() => ({ error: `The server answered ${res.status}.` }))) as T & { error?: string }
  if (!res.ok) throw new ApiError(body.error ?? `The server answered ${res.status}.`)
  return body
}

const get = <T>(url: string) =>
  fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' }).then((r) => answer<T>(r))

let csrfToken: Promise<string> | undefined
const token = () => (csrfToken ??= get<{ csrfToken: string }>('/admin/api/session').then((s) => s.csrfToken))

async function post<T>(url: string, body: unknown = {}): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json', 'x-csrf-token': await token() },
    body: JSON.stringify(body),
  })
  return answer<T>(res)
}

export const inboxApi = {
  csrfToken: token,
  list: (search: string) => get<InboxList>(`/admin/api/enquiries${search}`),
  enquiry: (id: number) => get<EnquiryView>(`/admin/api/enquiries/${id}`),
  idsForEmail: (email: string) => get<{ ids: number[] }>(`/admin/api/by-email?email=${encodeURIComponent(email)}`),
  setHandled: (id: number, handled: boolean) => post<{ ok: true }>(`/admin/api/enquiries/${id}/${handled ? 'handled' : 'reopen'}`),
  notSpam: (id: number) => post<{ ok: true }>(`/admin/api/enquiries/${id}/not-spam`),
  spam: (id: number) => post<{ ok: true; cancelled: number }>(`/admin/api/enquiries/${id}/spam`),
  dashboard: () => get<InboxDashboard>('/admin/api/dashboard'),
  analytics: (days: number) => get<AnalyticsReport>(`/admin/api/analytics?days=${days}`),
  resend: (id: number) => post<{ ok: true; queued: number }>(`/admin/api/enquiries/${id}/resend`),
  delete: (id: number) => post<{ ok: true }>(`/admin/api/enquiries/${id}/delete`),
  deleteByEmail: (email: string) => post<{ ok: true; submissionIds: number[] }>('/admin/api/delete-by-email', { email }),
}
