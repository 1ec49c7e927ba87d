// One enquiry: every field the buyer filled in, why it is in spam (if it is), its mail, what the
// owner can do with it, and the request's details folded away under "Technical details". Deleting asks first, in the page, saying exactly what will go.
import { useEffect, useState } from 'react'
import { inboxApi, type EnquiryView, type MailDelivery } from './api.ts'
import { StatusMessages } from './StatusMessages.tsx'
import { useAction } from './useAction.ts'
import { StatusBadges } from './EnquiryList.tsx'
import { formName } from './form-names.ts'
import { Conversation, Notes, StageControl } from './SalesDesk.tsx'
import { formatTime, mailtoHref, notice } from './format.ts'
import { VisitDetails } from './VisitDetails.tsx'
import { type EnquiryDetail, quoteItemsOf, quoteQuantityText } from '../../project/inbox-api.ts'

type Confirming = { kind: 'one' } | { kind: 'email'; ids: number[] }

export function EnquiryDetailView({ id }: { id: number }) {
  const [enquiry, setEnquiry] = useState<EnquiryView>()
  const { busy, news: status, error, setError, act, actThenGo } = useAction()
  const [confirming, setConfirming] = useState<Confirming>()
  const back = `/admin/enquiries${window.location.search}`

  const load = () => inboxApi.enquiry(id).then(setEnquiry, (e: Error) => setError(e.message))
  // biome-ignore lint/correctness/useExhaustiveDependencies: load is a new function on every render; the enquiry is fetched again only when id changes.
  useEffect(() => {
    void load()
  }, [id])

  /** An action after which the enquiry is read again: its onClick, saying `done` when it worked. */
  const thenReload = (run: () => Promise<unknown>, done: string) => () =>
    act(async () => {
      await run()
      return done
    }, load)

  if (!enquiry) {
    return (
      <>
        <p>
          <a href={back}>← All enquiries</a>
        </p>
        {error ? (
          <p className="inbox-error" role="alert">
            {error}
          </p>
        ) : (
          <p className="inbox-muted" role="status">
            Loading the enquiry…
          </p>
        )}
      </>
    )
  }
  const handled = enquiry.state === 'handled'
  const waitingMail = enquiry.mail === 'failed' || enquiry.mail === 'queued'

  return (
    <article className="inbox-detail">
      <p>
        <a href={back}>← All enquiries</a>
      </p>
      <header className="inbox-detail-head">
        <h1 className="inbox-title">
          <bdi>{enquiry.name || '(no name)'}</bdi>{' '}
          <span className="inbox-id">
            #{enquiry.id}
            {enquiry.reference && <> · ref. {enquiry.reference}</>}
          </span>
        </h1>
        <p className="inbox-muted">
          {formName(enquiry.formType)} · <bdi>{enquiry.product || 'no product named'}</bdi> · received {formatTime(enquiry.receivedAt)}
          {enquiry.language !== 'en' && <> · from the {enquiry.languageName} pages</>}
        </p>
        <StatusBadges row={enquiry} />
      </header>

      {enquiry.state === 'spam' && (
        <section className="inbox-spam-reasons" aria-labelledby="spam-heading">
          <h2 id="spam-heading">Why this is in spam</h2>
          {enquiry.spamReasons.length ? (
            <ul>
              {enquiry.spamReasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : (
            <p className="inbox-muted">No reason was recorded (it was stored as spam before reasons were kept).</p>
          )}
          <p className="inbox-muted">If a real buyer sent it, choose “Not spam”: it moves to the enquiries and its mail is sent.</p>
        </section>
      )}
      {enquiry.suspected && (
        <section className="inbox-spam-reasons inbox-suspected" aria-labelledby="suspected-heading">
          <h2 id="suspected-heading">Why this is suspected spam</h2>
          <ul>
            {enquiry.spamReasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          <p className="inbox-muted">
            A person can do each of these, so it was delivered like any enquiry (without an acknowledgement to the address given). If it is
            spam, choose “Spam”.
          </p>
        </section>
      )}

      <div className="inbox-actions">
        {enquiry.state === 'spam' && (
          <button
            className="button inbox-small-button"
            type="button"
            disabled={busy}
            onClick={thenReload(() => inboxApi.notSpam(enquiry.id), 'Moved to the enquiries; its mail is being sent now.')}
          >
            Not spam
          </button>
        )}
        {enquiry.state !== 'spam' && (
          <button
            className="button inbox-small-button"
            type="button"
            disabled={busy}
            onClick={thenReload(() => inboxApi.setHandled(enquiry.id, !handled), handled ? 'Marked open again.' : 'Marked handled.')}
          >
            {handled ? 'Reopen' : 'Mark handled'}
          </button>
        )}
        {enquiry.state === 'open' && (
          <button
            className="button button-outline inbox-small-button"
            type="button"
            disabled={busy}
            onClick={thenReload(() => inboxApi.spam(enquiry.id), 'Moved to spam; mail not yet sent will not be sent.')}
          >
            Spam
          </button>
        )}
        {waitingMail && (
          <button
            className="button button-outline inbox-small-button"
            type="button"
            disabled={busy}
            onClick={thenReload(() => inboxApi.resend(enquiry.id), 'The mail is back at the front of the outbox; it is being sent now.')}
          >
            Resend mail
          </button>
        )}
        <button
          className="button button-outline inbox-small-button inbox-danger"
          type="button"
          disabled={busy}
          data-owner-only=""
          onClick={() => setConfirming({ kind: 'one' })}
        >
          Delete…
        </button>
        <button
          className="button button-outline inbox-small-button inbox-danger"
          type="button"
          disabled={busy || !enquiry.email}
          data-owner-only=""
          onClick={() =>
            act(async () => {
              setConfirming({ kind: 'email', ids: (await inboxApi.idsForEmail(enquiry.email)).ids })
              return undefined
            })
          }
        >
          Delete all from this address…
        </button>
      </div>
      {enquiry.email.includes('@') && (
        <p className="inbox-muted" data-owner-only="">
          Everything held about <bdi>{enquiry.email}</bdi> (a data-subject request):{' '}
          <a href={`/admin/personal-data.html?email=${encodeURIComponent(enquiry.email)}`} download>
            readable page
          </a>{' '}
          ·{' '}
          <a href={`/admin/api/personal-data?email=${encodeURIComponent(enquiry.email)}`} download>
            JSON
          </a>
        </p>
      )}

      {confirming && (
        <div className="inbox-confirm" role="alertdialog" aria-labelledby="confirm-text">
          <p id="confirm-text">
            {confirming.kind === 'one' ? (
              <>Delete enquiry #{enquiry.id} and its mail? This cannot be undone.</>
            ) : (
              <>
                Delete all {confirming.ids.length} {confirming.ids.length === 1 ? 'enquiry' : 'enquiries'} from <bdi>{enquiry.email}</bdi> (
                {confirming.ids.map((i) => `#${i}`).join(', ')}) and their mail? This cannot be undone. Mail already delivered to the
                company mailbox must be deleted there.
              </>
            )}
          </p>
          <div className="button-row">
            <button
              className="button inbox-small-button inbox-danger-solid"
              type="button"
              disabled={busy}
              onClick={() =>
                actThenGo(async () => {
                  if (confirming.kind === 'one') {
                    await inboxApi.delete(enquiry.id)
                    notice.set(`Enquiry #${enquiry.id} was deleted.`)
                  } else {
                    const { submissionIds } = await inboxApi.deleteByEmail(enquiry.email)
                    notice.set(
                      `${submissionIds.length} ${submissionIds.length === 1 ? 'enquiry' : 'enquiries'} from ${enquiry.email} deleted.`,
                    )
                  }
                  return back
                })
              }
            >
              {confirming.kind === 'one' ? 'Delete' : `Delete ${confirming.ids.length}`}
            </button>
            {/* Focus lands on the safe choice, so Enter alone never deletes. */}
            {/* biome-ignore lint/a11y/noAutofocus: the confirmation moves focus to its safe choice (Cancel), so Enter alone never deletes. */}
            <button className="button button-outline inbox-small-button" type="button" autoFocus onClick={() => setConfirming(undefined)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <StatusMessages status={status} error={error} />

      <section className="inbox-section" aria-labelledby="fields-heading">
        <h2 id="fields-heading">What they sent</h2>
        <QuoteItemsTable data={enquiry.data} />
        <dl className="inbox-fields">
          {enquiry.fields
            .filter((f) => !(f.name === 'items' && quoteItemsOf(enquiry.data).length > 0))
            .map((f) => (
              <div key={f.name} className={f.long ? 'inbox-field-long' : undefined}>
                <dt>{f.label}</dt>
                <dd dir="auto">{f.name === 'email' && f.value ? <a href={mailtoHref(f.value)}>{f.value}</a> : f.value || '–'}</dd>
              </div>
            ))}
        </dl>
      </section>
      <VisitDetails visit={enquiry.visit} />

      {enquiry.state !== 'spam' && <StageControl enquiry={enquiry} busy={busy} run={thenReload} />}
      <Conversation enquiry={enquiry} busy={busy} run={thenReload} />
      <Notes enquiry={enquiry} busy={busy} run={thenReload} />

      <section className="inbox-section" aria-labelledby="mail-heading">
        <h2 id="mail-heading">Mail and notifications</h2>
        {enquiry.acknowledgementLimit !== null && (
          <p className="inbox-acknowledgement-limit">
            Acknowledgement not sent: the hourly limit of {enquiry.acknowledgementLimit} was reached. The buyer got no automatic reply;
            answer them yourself.
          </p>
        )}
        {enquiry.mails.length === 0 ? (
          <p className="inbox-muted">Never mailed or notified (spam is kept, not sent).</p>
        ) : (
          enquiry.mails.map((m) => <MailItem key={m.id} mail={m} />)
        )}
      </section>

      <details className="inbox-section inbox-technical">
        <summary>Technical details</summary>
        <dl className="inbox-fields">
          <Item label="Received">
            {formatTime(enquiry.receivedAt)} ({new Date(enquiry.receivedAt).toISOString().replace('T', ' ').slice(0, 19)} UTC)
          </Item>
          <Item label="Form">{enquiry.formType}</Item>
          <Item label="Language">{enquiry.languageName}</Item>
          <Item label="IP address">{enquiry.ip ?? '–'}</Item>
          <Item label="User agent">{enquiry.userAgent ?? '–'}</Item>
          <Item label="Request id">{enquiry.requestId}</Item>
          <Item label="Spam score">
            {enquiry.spamScore}
            {enquiry.state !== 'spam' && enquiry.spamReasons.length > 0 && ` (${enquiry.spamReasons.join('; ')})`}
          </Item>
          {enquiry.handledAt !== null && <Item label="Handled">{formatTime(enquiry.handledAt)}</Item>}
          {enquiry.mails.map(
            (m) =>
              m.delivery && (
                <Item key={m.id} label="Mail delivery">
                  {m.delivery}
                </Item>
              ),
          )}
        </dl>
      </details>
    </article>
  )
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function MailItem({ mail }: { mail: MailDelivery }) {
  return (
    <dl className="inbox-fields">
      <Item label="To">{mail.label}</Item>
      <Item label="Status">
        {mail.status === 'sent'
          ? mail.toFile
            ? 'Written to a file (no mail server set)'
            : 'Sent'
          : mail.status !== 'failed'
            ? 'Queued'
            : mail.nextAttemptAt === null
              ? 'Failed: refused for good by the mail server, not tried again'
              : 'Failed, will be tried again'}{' '}
        ({mail.attempts} {mail.attempts === 1 ? 'attempt' : 'attempts'})
      </Item>
      {mail.sentAt !== null && <Item label="Sent">{formatTime(mail.sentAt)}</Item>}
      {mail.nextAttemptAt !== null && <Item label="Next attempt">{formatTime(mail.nextAttemptAt)}</Item>}
      {mail.lastError && <Item label="Last error">{mail.lastError}</Item>}
    </dl>
  )
}

/** A quotation's items as a table: product, quantity and unit, a granite shade's finish and size, samples first. */
function QuoteItemsTable({ data }: { data: EnquiryDetail['data'] }) {
  const items = quoteItemsOf(data)
  if (items.length === 0) return null
  const granite = items.some((item) => item.finish || item.size)
  return (
    <div className="inbox-table-wrap">
      <table className="inbox-quote-items">
        <caption>Products ({items.length})</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Product</th>
            <th scope="col">Quantity</th>
            {granite && <th scope="col">Finish</th>}
            {granite && <th scope="col">Size</th>}
            <th scope="col">Samples first</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the items' order is the buyer's and never changes
            <tr key={i}>
              <td>{i + 1}</td>
              <td dir="auto">{item.product}</td>
              <td>{quoteQuantityText(item)}</td>
              {granite && <td dir="auto">{item.finish || '–'}</td>}
              {granite && <td dir="auto">{item.size || '–'}</td>}
              <td>{item.samples === 'yes' ? 'Yes' : 'No'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
