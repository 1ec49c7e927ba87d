// What the inbox says when the browser's passkey dialog ends without a passkey, in plain words:
// SimpleWebAuthn's errors (and the browser's own) name the cause in developers' terms.
import { WebAuthnError } from '@simplewebauthn/browser'

export function passkeyProblem(error: unknown, doing: 'add' | 'use'): string {
  const name = (error as Error | undefined)?.name
  const code = error instanceof WebAuthnError ? error.code : undefined
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'This device has a passkey for you here already.'
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError')
    return 'Passkeys work only on the inbox’s own web address. Open the inbox there and try again.'
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return doing === 'add'
      ? 'No passkey was added: the dialog was closed or timed out.'
      : 'No passkey was used: the dialog was closed or timed out. Try again, or log in with your password.'
  if (
    code === 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT' ||
    code === 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT'
  )
    return 'This device cannot keep a passkey with a fingerprint, face or screen lock. Try a phone or a computer with one.'
  return (error as Error | undefined)?.message || 'The passkey did not work. Try again.'
}
