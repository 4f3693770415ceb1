/**
 * Starts an emulator on a real socket (for `npm run emulator`, the package's `startEmulator` and
 * the composition root), and stops it: at once (the composition root, which has drained its own
 * requests already), or gracefully (the command on SIGTERM: docs/emulator.md#stopping).
 */
import type { ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { keepIdleConnections } from '../server/keep-alive'
import { createEmulator, type Emulator, type EmulatorOptions } from './emulator'
import { parseProfile } from './profiles'

export interface StartEmulatorOptions {
  /** 0 picks a free port. */
  port: number
  /**
   * Default 127.0.0.1: the emulator listens on other interfaces only when asked (EMULATOR_HOST,
   * `--host 0.0.0.0` in a container).
   */
  host?: string
  options?: EmulatorOptions
  /**
   * The profile as configured, unchecked (the composition root passes EMULATOR_PROFILE): checked
   * here, so a wrong name rejects before the port is bound. Overrides `options.profile`; unset
   * or empty leaves it.
   */
  profile?: string | undefined
}

export interface RunningEmulator extends Emulator {
  /** `http://<host>:<port>`, with the port actually bound. */
  url: string
  /**
   * Stops accepting connections and closes them. `graceMs` 0 (the default): at once, requests in
   * flight included. More: idle keep-alive connections at once, the requests in flight answered
   * (with `Connection: close`, so no client sends another down the connection) within `graceMs`,
   * then whatever is left is closed.
   */
  close(options?: { graceMs?: number }): Promise<void>
}

/**
 * How long a graceful close lets the requests in flight finish: the command on SIGTERM and the
 * package's `close()`. Well within the 10 s a container runtime waits before SIGKILL (Docker's
 * default), and longer than any answer but an injected `delayMs`.
 */
export const GRACE_MS = 5_000

/**
 * What a failure to listen means, for a person: the port in use named, with the flag and the
 * variable that choose another (main.ts prints it; the package's entry throws it).
 */
export function listenFailure(error: unknown, host: string, port: number): string {
  const code = (error as { code?: unknown } | null)?.code
  const where = `${host}:${port}`
  if (code === 'EADDRINUSE') {
    return `port ${port} is in use on ${host} (EADDRINUSE): stop what listens there, or choose another port with --port or EMULATOR_PORT.`
  }
  if (code === 'EACCES')
    return `not allowed to listen on ${where} (EACCES): choose a port above 1023.`
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `cannot listen on ${where} (${code}): ${host} is not an address of this machine; check --host or EMULATOR_HOST.`
  }
  return `cannot listen on ${where}: ${error instanceof Error ? error.message : String(error)}`
}

export async function startEmulator({
  port,
  host = '127.0.0.1',
  options = {},
  profile,
}: StartEmulatorOptions): Promise<RunningEmulator> {
  // Async, so a wrong name is a rejection, like a port in use.
  const isSet = profile !== undefined && profile !== ''
  const chosen = isSet
    ? { ...options, profile: parseProfile(profile, 'EMULATOR_PROFILE') }
    : options
  return new Promise((resolve, reject) => {
    let emulator: Emulator | undefined
    const server = serve({
      port,
      hostname: host,
      fetch: (request, env) => {
        if (emulator === undefined) return new Response('Starting', { status: 503 })
        return emulator.app.fetch(request, env)
      },
    })
    // serve() makes a node:http server here (no createServer option): the check is for the type.
    if ('keepAliveTimeout' in server) keepIdleConnections(server)
    // The answers not yet sent, so a graceful close can ask each to close its connection.
    const inFlight = new Set<ServerResponse>()
    let isClosing = false
    server.on('request', (_request, response: ServerResponse) => {
      if (isClosing) response.setHeader('Connection', 'close')
      inFlight.add(response)
      response.once('close', () => {
        inFlight.delete(response)
        // Its connection is idle now: closed at once rather than at the grace's end.
        if (isClosing && 'closeIdleConnections' in server) server.closeIdleConnections()
      })
    })
    server.once('error', reject)
    server.once('listening', () => {
      const address = server.address() as AddressInfo
      const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address
      const url = `http://${hostPart}:${address.port}`
      // The origin follows the bound port unless the caller fixed it (EMULATOR_PUBLIC_URL, a
      // container network's name). The loopback names of the port are accepted too.
      const port = address.port
      emulator = createEmulator({
        origin: url,
        otherHosts: [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`],
        ...chosen,
      })
      resolve({
        ...emulator,
        url,
        close: ({ graceMs = 0 } = {}) =>
          new Promise<void>((done, fail) => {
            if (!('closeAllConnections' in server)) throw new Error('not a node:http server')
            isClosing = true
            for (const response of inFlight) {
              if (!response.headersSent) response.setHeader('Connection', 'close')
            }
            const deadline =
              graceMs > 0 ? setTimeout(() => server.closeAllConnections(), graceMs) : undefined
            server.close((error) => {
              clearTimeout(deadline)
              if (error) fail(error)
              else done()
            })
            // Keep-alive sockets would otherwise hold close() open for their idle time-out.
            if (graceMs > 0) server.closeIdleConnections()
            else server.closeAllConnections()
          }),
      })
    })
  })
}
