/**
 * A request's URL, parsed without throwing, for the proxy and the emulator. Over a socket,
 * @hono/node-server joins the Host header as sent to the target, and the URL parser refuses some
 * hosts (`xn--`). Both servers answer such a request 421 (their Host checks:
 * src/proxy/guards.ts, src/emulator/emulator.ts; docs/security.md#s9); what reads the URL around
 * that answer (the proxy's flow trace, the emulator's log line and pages) reads its path and
 * query on a placeholder origin of the reserved `.invalid` domain (RFC 2606 §2), not a 500.
 * Tests: src/proxy/host-over-http.test.ts "…the flow trace asked for with 421 and its trace, not
 * 500", src/emulator/hardening.test.ts "answers a Host the URL parser refuses…".
 */
export function requestUrl(href: string): URL {
  try {
    return new URL(href)
  } catch {
    const pathStart = href.indexOf('/', href.indexOf('//') + 2)
    return new URL(pathStart === -1 ? '/' : href.slice(pathStart), 'http://host.invalid')
  }
}
