/**
 * An attacker's web site for the attack scenarios: a small server on 127.0.0.1 and a port of its
 * own (neither the app's localhost nor the emulator's port), so it is cross-site to the app. It
 * serves the pages a test gives it and records every request that reaches it, which also makes
 * it a sink: anything the proxy sent on to it would show up in `requests`.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface AttackerSite {
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** Serves `html` at `path` (no CSP, as an attacker's page would have none). */
  page(path: string, html: string): void
  requests: { method: string; url: string; headers: IncomingHttpHeaders }[]
  close(): Promise<void>
}

export async function startAttackerSite(): Promise<AttackerSite> {
  const pages = new Map<string, string>()
  const requests: AttackerSite['requests'] = []
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers })
    const html = pages.get(req.url ?? '')
    res.writeHead(html === undefined ? 404 : 200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(html ?? 'not here')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    page: (path, html) => void pages.set(path, html),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
