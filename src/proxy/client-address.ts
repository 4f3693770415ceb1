/**
 * Who a request comes from, as every throttle of the proxy counts it (docs/security.md#s5): the
 * TCP peer, or, when that peer is a proxy the operator named in TRUSTED_PROXIES, the address
 * that proxy says it was talking to. X-Forwarded-For is read from the right: each proxy appends
 * the address it received the request from, so the entries a client wrote itself are on the
 * left, and the rightmost entry no trusted proxy wrote is the client (MDN, X-Forwarded-For,
 * "Selecting an IP address"). Off by default: nothing vouches for the header otherwise.
 */
import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import {
  clientKey,
  inRange,
  parseAddress,
  parseRange,
  type AddressRange,
} from '../protocol/client-address'

/** Parsed TRUSTED_PROXIES; the problems name each entry that is not an address or a range. */
export function parseTrustedProxies(value: string | undefined): {
  ranges: AddressRange[]
  problems: string[]
} {
  const ranges: AddressRange[] = []
  const problems: string[] = []
  for (const entry of (value ?? '').split(',').map((part) => part.trim())) {
    if (entry === '') continue
    const range = parseRange(entry)
    if (range === null) {
      problems.push(
        `TRUSTED_PROXIES: "${entry.slice(0, 60)}" is not an IP address or a CIDR range (e.g. 10.0.0.0/8, 192.0.2.7, fd00::/8)`,
      )
    } else ranges.push(range)
  }
  return { ranges, problems }
}

const isTrusted = (address: string, trusted: readonly AddressRange[]) => {
  const bytes = parseAddress(address)
  return bytes !== null && trusted.some((range) => inRange(bytes, range))
}

/**
 * The client's address: the peer's, unless the peer is trusted; then the rightmost entry of
 * X-Forwarded-For that is not itself a trusted proxy (all of them trusted: the leftmost).
 */
export function clientAddressOf(
  peer: string,
  forwardedFor: string | undefined,
  trusted: readonly AddressRange[],
): string {
  if (trusted.length === 0 || forwardedFor === undefined || !isTrusted(peer, trusted)) return peer
  const hops = forwardedFor
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '')
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = hops[i] as string
    // A hop a trusted proxy wrote but cannot be read: one shared key, never one per value sent.
    if (parseAddress(hop) === null) return 'unreadable-forwarded-for'
    if (!isTrusted(hop, trusted) || i === 0) return hop
  }
  return peer
}

/** The TCP peer's address (Node adapter), or `unknown` in-process (tests' `app.request`). */
export function peerAddress(c: Context): string {
  const env = c.env as { incoming?: IncomingMessage } | undefined
  return env?.incoming?.socket.remoteAddress ?? 'unknown'
}

/** The throttles' key for this request: see clientKey (src/protocol/client-address.ts). */
export function throttleKeyOf(c: Context, trusted: readonly AddressRange[]): string {
  return clientKey(clientAddressOf(peerAddress(c), c.req.header('X-Forwarded-For'), trusted))
}
