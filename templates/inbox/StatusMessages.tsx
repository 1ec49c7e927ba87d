// The news and the refusal of an inbox page's last action, in one live region: a screen reader says
// the news politely and the refusal at once (role "status" and "alert"), and both stay on the page
// until the next action replaces them. News of a few lines (an invitation and its link) is a block
// of its own paragraphs; a sentence is one paragraph.
import type { ReactNode } from 'react'

export function StatusMessages({ status, error }: { status?: ReactNode; error?: string | undefined }) {
  return (
    <div aria-live="polite">
      {status &&
        (typeof status === 'string' ? (
          <p className="inbox-notice" role="status">
            {status}
          </p>
        ) : (
          <div className="inbox-notice" role="status">
            {status}
          </div>
        ))}
      {error && (
        <p className="inbox-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
