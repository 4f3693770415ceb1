/**
 * `*.localhost` names as a browser resolves them: to loopback, without DNS (RFC 6761 §6.3; the
 * WHATWG URL standard and Chromium do). Node asks the system's resolver, which on many machines
 * knows `localhost` alone, so a test that calls an enterprise space of the emulator on
 * `acme.localhost:<port>` (docs/emulator.md#enterprise-spaces) over a real socket resolves it
 * here: with `fetchOverLoopback` (undici's fetch, whose `Host` is the URL's, as a browser's is),
 * or with `loopbackLookup` as a client library's DNS lookup (`@yuque/sdk`'s `requestOpts`).
 */
import { Agent, fetch as undiciFetch } from 'undici'
import { lookupWithLocalhost } from '../proxy/api/localhost-lookup'

/**
 * `dns.lookup` that answers loopback for `localhost` and every `*.localhost` name: the one the
 * proxy's own client uses (src/proxy/api/localhost-lookup.ts).
 */
export const loopbackLookup = lookupWithLocalhost

const loopbackAgent = new Agent({ connect: { lookup: loopbackLookup } })

/** `fetch`, with `*.localhost` on loopback; the request's Host is the URL's host. */
export function fetchOverLoopback(url: string | URL, init: RequestInit = {}): Promise<Response> {
  return undiciFetch(url, {
    ...(init as Parameters<typeof undiciFetch>[1]),
    dispatcher: loopbackAgent,
  }) as unknown as Promise<Response>
}
