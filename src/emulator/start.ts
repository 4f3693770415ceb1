/**
 * Starts an emulator on a real socket (for `npm run emulator` and the composition root).
 */
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
  close(): Promise<void>
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
        close: () =>
          new Promise<void>((done, fail) => {
            // Keep-alive sockets would otherwise hold close() open.
            if ('closeAllConnections' in server) server.closeAllConnections()
            server.close((error) => (error ? fail(error) : done()))
          }),
      })
    })
  })
}
