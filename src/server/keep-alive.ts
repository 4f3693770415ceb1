/**
 * How long our servers (the proxy's, src/server.ts; the emulator's, src/emulator/start.ts) keep
 * an idle keep-alive connection open: longer than the idle time-out of the clients and load
 * balancers that usually sit in front of them (Node's http.Agent 5 s, undici 4 s, a cloud load
 * balancer 60 s), so that the client always closes an idle connection first. Node's default is
 * 5 s: a client that reuses its connection just as the server closes it gets ECONNRESET, and
 * cannot know whether its request was processed (RFC 9112 §9.5: either side may close an idle
 * connection at any time). e2e/client-code.spec.ts met it so on a loaded machine: Playwright's
 * request client sent a GET of the emulator's log 6 s after its previous call. Each server's
 * `Keep-Alive: timeout=65` tells its clients (undici reads it: src/proxy/api/upstream.ts).
 *
 * A setting of the servers, not of the protocol, so it is here with the composition root's
 * other server concerns (shutdown.ts). The emulator, which also runs alone (`npm run emulator`),
 * imports this module and nothing else of this folder (eslint.config.js).
 */
export const IDLE_CONNECTION_MS = 65_000

/**
 * Sets it on a node:http server (typed by shape: the emulator's comes from @hono/node-server's
 * `serve`). Shutting down is not held by it: shutdown.ts closes idle connections.
 */
export function keepIdleConnections(server: { keepAliveTimeout: number }): void {
  server.keepAliveTimeout = IDLE_CONNECTION_MS
}
