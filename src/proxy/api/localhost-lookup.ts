/**
 * The name resolution of the proxy's outbound calls: the system's, except that every name under
 * `localhost` is loopback (RFC 6761 §6.3: resolvers SHOULD answer loopback for `localhost` and
 * names under it, and browsers do). glibc's resolver, as on this project's Debian machines, does
 * not, so without this an enterprise space of the embedded emulator (`acme.localhost:<port>`,
 * docs/emulator.md#enterprise-spaces) would answer the browser and not the proxy.
 *
 * Nothing reaches a new place through it: a name under `localhost` means loopback everywhere,
 * and which origins the proxy calls is decided before (the allow-list, src/proxy/byo/
 * service-choice.ts).
 */
import { lookup as systemLookup, type LookupAddress, type LookupOptions } from 'node:dns'

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '')
  return name === 'localhost' || name.endsWith('.localhost')
}

/** `net.connect`'s `lookup`, for undici's `connect` option. */
export function lookupWithLocalhost(
  hostname: string,
  options: LookupOptions,
  callback: LookupCallback,
): void {
  if (!isLocalhostName(hostname)) {
    systemLookup(hostname, options, (error, address, family) => callback(error, address, family))
    return
  }
  const family = options.family === 6 || options.family === 'IPv6' ? 6 : 4
  const address = family === 6 ? '::1' : '127.0.0.1'
  if (options.all === true) callback(null, [{ address, family }])
  else callback(null, address, family)
}
