/**
 * An emulator on a real socket (127.0.0.1, a free port) with test control on, as another
 * project's CI runs it: the test-control API and the API over HTTP, each call with the headers
 * it needs (`CONTROL_HEADERS`; a User-Agent and the token for the API).
 */
import { CONTROL_HEADERS } from '../emulator/control/test-control'
import type { EmulatorOptions } from '../emulator/emulator'
import { startEmulator, type RunningEmulator } from '../emulator/start'

export const TEST_UA = { 'User-Agent': 'emulator-test/1.0' }

export interface ApiCall {
  token?: string
  body?: unknown
  headers?: Record<string, string>
}

export interface TestEmulator extends RunningEmulator {
  /** A test-control call: `callControl('POST', '/tokens', {…})` is `POST /__emulator/tokens`. */
  callControl(method: string, path: string, body?: unknown): Promise<Response>
  /** An API call below `/api/v2`, with a User-Agent, the token and a JSON body when given. */
  api(method: string, path: string, call?: ApiCall): Promise<Response>
}

export async function startTestEmulator(options: EmulatorOptions = {}): Promise<TestEmulator> {
  const running = await startEmulator({ port: 0, options: { testControl: true, ...options } })
  return {
    ...running,
    callControl: (method, path, body) =>
      fetch(`${running.url}/__emulator${path}`, {
        method,
        headers: CONTROL_HEADERS,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    api: (method, path, { token, body, headers = {} } = {}) =>
      fetch(`${running.url}/api/v2${path}`, {
        method,
        headers: {
          ...TEST_UA,
          ...(token === undefined ? {} : { 'X-Auth-Token': token }),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  }
}
