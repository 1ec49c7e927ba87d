// A passkey authenticator in software for the server tests: it answers the options the server gives
// as a browser with a platform authenticator would (a P-256 key per credential, "none" attestation,
// discoverable, the user verified unless told otherwise), so the real verification runs on real
// signatures. Only what WebAuthn's answers need of CBOR is written here.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n])
  if (n < 256) return Buffer.from([(major << 5) | 24, n])
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255])
  const b = Buffer.alloc(5)
  b[0] = (major << 5) | 26
  b.writeUInt32BE(n, 1)
  return b
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value])
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])])
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()
const FLAGS = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 }

interface Credential {
  id: Buffer
  privateKey: KeyObject
  rpId: string
  userHandle: string
  counter: number
}

export interface Answer {
  id: string
  rawId: string
  type: 'public-key'
  response: Record<string, unknown>
  clientExtensionResults: Record<string, never>
  authenticatorAttachment: 'platform'
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = []

  /** navigator.credentials.create() for `options` (the server's JSON), from a page of `origin`. */
  register(
    options: { challenge: string; rp: { id?: string }; user: { id: string } },
    origin: string,
    { verified = true }: { verified?: boolean } = {},
  ): Answer {
    const rpId = options.rp.id ?? new URL(origin).hostname
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    )
    const id = randomBytes(16)
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(id.length)
    const flags = FLAGS.up | FLAGS.at | FLAGS.be | FLAGS.bs | (verified ? FLAGS.uv : 0)
    const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), Buffer.alloc(4), Buffer.alloc(16), idLength, id, cose])
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }))
    this.credentials.push({ id, privateKey, rpId, userHandle: options.user.id, counter: 0 })
    return {
      id: b64(id),
      rawId: b64(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientData),
        attestationObject: b64(
          cbor(
            new Map<Cbor, Cbor>([
              ['fmt', 'none'],
              ['attStmt', new Map()],
              ['authData', authData],
            ]),
          ),
        ),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  /** navigator.credentials.get() for `options`, with the credential the person picks (the newest by default). */
  authenticate(
    options: { challenge: string; rpId?: string },
    origin: string,
    {
      credential = this.credentials.at(-1)!,
      verified = true,
      counter = 0,
    }: { credential?: Credential; verified?: boolean; counter?: number } = {},
  ): Answer {
    credential.counter = counter
    const count = Buffer.alloc(4)
    count.writeUInt32BE(counter)
    const flags = FLAGS.up | FLAGS.be | FLAGS.bs | (verified ? FLAGS.uv : 0)
    const authData = Buffer.concat([sha256(options.rpId ?? credential.rpId), Buffer.from([flags]), count])
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }))
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey)
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }
}
