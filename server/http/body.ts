// Reading and parsing a submission's body. Everything a client can get wrong ends in a
// RequestError with its 4xx status, never in an exception that would become a 500.
// Parsed by hand, not by body-parser: strict UTF-8 (invalid bytes are refused, not replaced),
// no request compression, and urlencoded fields are flat (no qs-style nesting to pollute).
import type { IncomingMessage } from 'node:http'

/** A client's mistake, answered with `status` and, per field, what to fix. */
export class RequestError extends Error {
  override name = 'RequestError'

  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message)
  }
}

export type BodyType = 'json' | 'form'

/** Which of the two body types this request has; 415 for anything else. */
export function bodyType(req: IncomingMessage): BodyType {
  const header = req.headers['content-type']
  if (!header) throw new RequestError(415, 'Send the enquiry as application/json.')
  const [mediaType = '', ...params] = header
    .toLowerCase()
    .split(';')
    .map((s) => s.trim())
  const charset = params
    .find((p) => p.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '')
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new RequestError(415, 'Send the enquiry in UTF-8.')
  }
  if (mediaType === 'application/json') return 'json'
  if (mediaType === 'application/x-www-form-urlencoded') return 'form'
  throw new RequestError(415, `Content type ${mediaType || 'none'} is not accepted; send application/json.`)
}

/** Reads the whole body, at most `limit` bytes. A body over the limit is read on (and dropped)
 * up to `drainLimit` so the client gets the 413 instead of a reset connection. */
export async function readBody(req: IncomingMessage, limit: number, drainLimit = 1024 * 1024): Promise<Buffer> {
  const encoding = req.headers['content-encoding']
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
    throw new RequestError(415, 'Compressed request bodies are not accepted.')
  }
  const declared = Number(req.headers['content-length'] ?? NaN)
  const tooLarge = () => new RequestError(413, `The enquiry is too large: at most ${Math.floor(limit / 1024)} KB.`)
  if (declared > drainLimit) {
    req.resume()
    throw tooLarge()
  }
  const chunks: Buffer[] = []
  let received = 0
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      received += chunk.length
      if (received <= limit) chunks.push(chunk)
      else if (received > drainLimit) {
        req.off('data', onData)
        req.pause()
        resolve()
      }
    }
    req.on('data', onData)
    req.once('end', resolve)
    req.once('error', (error) => reject(clientStreamError(error)))
    // The client went away before sending the whole body: nothing to answer, nothing to store.
    req.once('close', () => (req.complete ? resolve() : reject(notSentCompletely())))
  })
  if (received > limit) throw tooLarge()
  return Buffer.concat(chunks, received)
}

const notSentCompletely = () => new RequestError(400, 'The enquiry was not sent completely.')

/**
 * What the request stream reports while its body is read is the client's doing: it went away
 * ('aborted') or broke HTTP (Node's parser errors, HPE_*: a malformed chunk, a bad length), and Node
 * has already answered 400 or closed the connection. A client's mistake, not the service's fault.
 */
function clientStreamError(error: Error): Error {
  const code = (error as { code?: unknown }).code
  if (code === 'ECONNRESET' || error.message === 'aborted') return notSentCompletely()
  if (typeof code === 'string' && code.startsWith('HPE_')) return new RequestError(400, 'The request is not valid HTTP.')
  return error
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })

export function decodeUtf8(body: Buffer): string {
  try {
    return utf8.decode(body)
  } catch {
    throw new RequestError(400, 'The enquiry is not valid UTF-8 text.')
  }
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new RequestError(400, 'The enquiry is not valid JSON.')
  }
}

/** Flat application/x-www-form-urlencoded: a repeated name becomes an array. */
export function parseUrlencoded(text: string, maxFields: number): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = Object.create(null)
  if (text === '') return fields
  const pairs = text.split('&')
  if (pairs.length > maxFields) throw new RequestError(400, `The enquiry has too many fields (at most ${maxFields}).`)
  for (const pair of pairs) {
    if (pair === '') continue
    const equals = pair.indexOf('=')
    const name = decodeComponent(equals === -1 ? pair : pair.slice(0, equals))
    const value = equals === -1 ? '' : decodeComponent(pair.slice(equals + 1))
    const existing = fields[name]
    fields[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value]
  }
  return fields
}

function decodeComponent(component: string): string {
  try {
    // decodeURIComponent refuses a percent-encoded byte sequence that is not UTF-8.
    return decodeURIComponent(component.replace(/\+/g, ' '))
  } catch {
    throw new RequestError(400, 'The enquiry is not validly encoded UTF-8 form data.')
  }
}
