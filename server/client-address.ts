// The visitor's address as TRUST_PROXY allows it to be known: the socket's peer, or as many
// X-Forwarded-For hops back as there are trusted proxies (a count, or their addresses and CIDRs).
// The same rule Express applies for `req.ip` ('trust proxy'), with the same library (proxy-addr),
// for the enquiry API, which takes Node's requests without Express.
import type { IncomingMessage } from 'node:http'
import proxyaddr from 'proxy-addr'
import type { Config } from './config.ts'

const address = Symbol('client address')

type WithAddress = IncomingMessage & { [address]?: string }

export function clientAddress(trustProxy: Config['trustProxy']): (req: IncomingMessage) => string {
  const trust =
    typeof trustProxy === 'number'
      ? (_address: string, hop: number) => hop < trustProxy
      : proxyaddr.compile(trustProxy === false ? [] : trustProxy)
  // Worked out once per request: the rate limit, the stored enquiry and the log all ask.
  return (req) => ((req as WithAddress)[address] ??= proxyaddr(req, trust))
}
