// The login page's passkeys (server/inbox/passkeys.ts), through SimpleWebAuthn: the "Sign in with a
// passkey" button, and the browser's own passkey suggestions in the e-mail field where it offers
// them (conditional mediation). Both ask the server for a challenge, let the browser and the
// person's authenticator sign it, and post the answer; the server starts the session. Where
// passkeys cannot work (no WebAuthn, or an address that is an IP, which cannot be a relying party)
// nothing shows and nothing is asked: the forms above work as they do without JavaScript.
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
} from '@simplewebauthn/browser'
import { passkeyProblem } from '../../inbox/passkey-words.ts'

const box = document.querySelector<HTMLElement>('[data-passkey-login]')
const button = box?.querySelector('button')
const message = box?.querySelector<HTMLElement>('[data-passkey-message]')

/** The server's refusal, in its own words (a removed passkey, too many tries). */
class Refusal extends Error {
  override name = 'Refusal'
}

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = (await res.json().catch(() => ({ error: `The server answered ${res.status}.` }))) as T & { error?: string }
  if (!res.ok) throw new Refusal(answer.error ?? `The server answered ${res.status}.`)
  return answer
}

function say(text: string, alert: boolean): void {
  if (!message) return
  if (!text) return void message.replaceChildren()
  const line = document.createElement('p')
  line.className = alert ? 'inbox-login-message' : 'inbox-muted'
  line.setAttribute('role', alert ? 'alert' : 'status')
  line.textContent = text
  message.replaceChildren(line)
}

const problem = (error: unknown) => (error instanceof Refusal ? error.message : passkeyProblem(error, 'use'))

/** One passkey login: a challenge, the browser's dialog (or the e-mail field's suggestion), the answer. */
async function signIn(autofill: boolean): Promise<void> {
  const optionsJSON = await postJson<PublicKeyCredentialRequestOptionsJSON>('/admin/api/passkey-login/options', {})
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill })
  if (button) button.disabled = true
  say('Signing in…', false)
  try {
    const { location } = await postJson<{ location: string }>('/admin/api/passkey-login', { response })
    window.location.assign(location)
  } catch (error) {
    if (button) button.disabled = false
    throw error
  }
}

const ipAddress = /^[\d.]+$|^\[/.test(window.location.hostname)
if (box && button && browserSupportsWebAuthn() && !ipAddress) {
  box.hidden = false
  button.addEventListener('click', () => {
    say('', false)
    signIn(false).catch((error: unknown) => say(problem(error), true))
  })
  // The e-mail field offers the passkeys this browser holds for the site; choosing one signs in.
  // A click on the button ends this wait (SimpleWebAuthn aborts it): nothing to show then, nor when
  // no challenge could be had (the button says why when it is used).
  void browserSupportsWebAuthnAutofill().then((autofill) => {
    if (!autofill) return
    signIn(true).catch((error: unknown) => {
      if (error instanceof Refusal && message?.textContent === 'Signing in…') say(error.message, true)
    })
  })
}
