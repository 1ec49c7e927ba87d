// The inbox page's calls to its JSON API (server/inbox/router.ts). A 401 means the session ended:
// the page goes to the login. State changes carry the session's CSRF token in a header.
import type { AnalyticsReport } from '../../project/analytics.ts'
import type { EnquiryDetail, InboxDashboard, InboxPage, ReplyTemplates, RoutingRule, StateCounts } from '../../project/inbox-api.ts'
import type { LostReason, Stage } from '../../project/sales-stages.ts'
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser'

export type { EnquiryDetail, InboxRow, MailDelivery } from '../../project/inbox-api.ts'
export type InboxList = InboxPage & {
  formTypes: string[]
  /** The languages that have enquiries: their codes and names for the owner ("Arabic (ar)"). */
  languages: Array<{ code: string; name: string }>
  counts: StateCounts
}
export type { InboxDashboard, ReplyTemplates }
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

/** Who is logged in: their role decides what the page offers (the server checks it again on every request). */
export interface SessionInfo {
  csrfToken: string
  role: 'owner' | 'sales'
  /** Null for the shared owner password. */
  personId: number | null
  email: string | null
  name: string | null
  /** The company's time zone (TIME_ZONE): the inbox shows every time in it. */
  timeZone: string
}
let session: Promise<SessionInfo> | undefined
const sessionInfo = () => (session ??= get<SessionInfo>('/admin/api/session'))
const token = () => sessionInfo().then((s) => s.csrfToken)

export interface PersonView {
  id: number
  email: string
  name: string
  role: 'owner' | 'sales'
  /** Invited, not accepted yet. */
  invited: boolean
  createdAt: number
}
/** One of the logged-in person's passkeys (never its key). */
export interface PasskeyView {
  id: number
  name: string
  createdAt: number
  lastUsedAt: number | null
  /** Synced with their platform account (iCloud Keychain, Google Password Manager, …). */
  backedUp: boolean
}
export interface AuditEntryView {
  id: number
  at: number
  personId: number | null
  actor: string
  action: string
  submissionId: number | null
  detail: Record<string, unknown> | null
  ip: string | null
}
export interface AuditPage {
  rows: AuditEntryView[]
  total: number
  page: number
  pages: number
  actions: string[]
  actors: Array<{ personId: number; actor: string }>
}

/** A POST before any session (an invitation, a sign-in link): no CSRF token yet; the Origin is checked. */
async function postOpen<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = (await res.json().catch(() => ({ error: `The server answered ${res.status}.` }))) as T & { error?: string }
  if (!res.ok) throw new ApiError(answer.error ?? `The server answered ${res.status}.`)
  return answer
}

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
  session: sessionInfo,
  people: () => get<{ you: number | null; people: PersonView[] }>('/admin/api/people'),
  invite: (email: string, role: string) =>
    post<{ ok: true; link: string; mailed: boolean; mailError: string | null }>('/admin/api/people/invite', { email, role }),
  removePerson: (id: number) => post<{ ok: true }>(`/admin/api/people/${id}/remove`),
  setRole: (id: number, role: string) => post<{ ok: true }>(`/admin/api/people/${id}/role`, { role }),
  audit: (search: string) => get<AuditPage>(`/admin/api/audit${search}`),
  /** `shared`: the shared owner password, which has no passkeys. */
  passkeys: () => get<{ shared: boolean; passkeys: PasskeyView[] }>('/admin/api/passkeys'),
  passkeyOptions: () => post<PublicKeyCredentialCreationOptionsJSON>('/admin/api/passkeys/options'),
  addPasskey: (name: string, response: RegistrationResponseJSON) =>
    post<{ ok: true; passkey: PasskeyView }>('/admin/api/passkeys', { name, response }),
  removePasskey: (id: number) => post<{ ok: true }>(`/admin/api/passkeys/${id}/remove`),
  invitation: (token: string) => postOpen<{ email: string; role: string; minPasswordLength: number }>('/admin/api/invitation', { token }),
  acceptInvitation: (token: string, name: string, password: string) =>
    postOpen<{ ok: true; location: string }>('/admin/api/invitation/accept', { token, name, password }),
  signIn: (token: string) => postOpen<{ ok: true; location: string }>('/admin/api/sign-in', { token }),
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
  replyTemplates: (id: number) => get<ReplyTemplates>(`/admin/api/enquiries/${id}/reply-templates`),
  reply: (id: number, reply: { language: string; subject: string; body: string }) =>
    post<{ ok: true; outboxId: number; first: boolean }>(`/admin/api/enquiries/${id}/reply`, reply),
  setStage: (id: number, stage: Stage, lostReason?: LostReason | '') =>
    post<{ ok: true }>(`/admin/api/enquiries/${id}/stage`, { stage, lostReason }),
  routing: () => get<{ rules: RoutingRule[]; products: string[]; countries: string[] }>('/admin/api/routing'),
  setRoutingRule: (kind: 'product' | 'country', value: string, personId: number) =>
    post<{ ok: true; rules: RoutingRule[] }>('/admin/api/routing', { kind, value, personId }),
  removeRoutingRule: (id: number) => post<{ ok: true; rules: RoutingRule[] }>(`/admin/api/routing/${id}/delete`),
  assignees: () => get<{ people: Array<{ id: number; name: string; email: string }> }>('/admin/api/assignees'),
  assign: (id: number, personId: number | null) => post<{ ok: true }>(`/admin/api/enquiries/${id}/assign`, { personId }),
  addNote: (id: number, text: string) => post<{ ok: true }>(`/admin/api/enquiries/${id}/notes`, { text }),
  deleteByEmail: (email: string) => post<{ ok: true; submissionIds: number[] }>('/admin/api/delete-by-email', { email }),
}
