/**
 * `*.localhost` names as a browser resolves them: to loopback, without DNS (RFC 6761 §6.3; the
 * WHATWG URL standard and Chromium do). Node asks the system's resolver, which on many machines
 * knows `localhost` alone, so a test that calls an enterprise space of the emulator on
 * `acme.localhost:<port>` (docs/emulator.md#enterprise-spaces) over a real socket resolves it
 * here: with `fetchOverLoopback` (undici's fetch, whose `Host` is the URL's, as a browser's is),
 * or with `loopbackLookup` as a client library's DNS lookup (`@yuque/sdk`'s `requestOpts`).
 */
import { lookup as systemLookup, type LookupAddress, type LookupOptions } from 'node:dns'
import { Agent, fetch as undiciFetch } from 'undici'

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family: number,
) => void

/** `dns.lookup` that answers 127.0.0.1 for `localhost` and every `*.localhost` name. */
export function loopbackLookup(
  hostname: string,
  options: LookupOptions,
  callback: LookupCallback,
): void {
  const name = hostname.toLowerCase().replace(/\.$/, '')
  if (name !== 'localhost' && !name.endsWith('.localhost')) {
    systemLookup(hostname, options, callback)
    return
  }
  if (options.all === true) callback(null, [{ address: '127.0.0.1', family: 4 }], 4)
  else callback(null, '127.0.0.1', 4)
}

const loopbackAgent = new Agent({ connect: { lookup: loopbackLookup } })

/** `fetch`, with `*.localhost` on loopback; the request's Host is the URL's host. */
export function fetchOverLoopback(url: string | URL, init: RequestInit = {}): Promise<Response> {
  return undiciFetch(url, {
    ...(init as Parameters<typeof undiciFetch>[1]),
    dispatcher: loopbackAgent,
  }) as unknown as Promise<Response>
}
