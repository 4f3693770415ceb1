/**
 * Test support for the flow lab (src/proxy/lab/): the real emulator on a loopback socket with
 * test control on (a dropped connection and a time-out need a real one), the proxy on it as
 * src/server.ts composes them, and a browser of the proxy in-process. Both sides' randomness is
 * recorded, so that a test can look for every code, token, state, verifier, cookie and form token
 * of a run in its answer without asking the lab which secrets it handled.
 */
import { randomBytes as nodeRandomBytes } from 'node:crypto'
import { seedApps, type AppRegistration } from '../emulator/seed'
import { startEmulator, type RunningEmulator } from '../emulator/start'
import { CONTROL_HEADERS } from '../emulator/control/test-control'
import { ScenarioResultSchema, type ScenarioResult } from '../protocol/lab-api'
import { createHttpUpstream, type Upstream } from '../proxy/api/upstream'
import { configSecrets, loadConfig, type Config, type Env } from '../proxy/config'
import { createProxy } from '../proxy/proxy'
import { createBrowser } from './proxy-browser'

export const LAB_APP_ORIGIN = 'http://localhost:5173'
const SESSION_SECRET = 'lab-test-session-secret-0123456789abcdef'
/** The emulator's demo users' secret (src/emulator/seed.ts). */
const DEMO_SECRET = 'password'

export interface LabSetup {
  emulator: RunningEmulator
  config: Config
  proxy: ReturnType<typeof createProxy>
  browser: ReturnType<typeof createBrowser>
  /** `POST /__emulator/<path>` (or another method) on the emulator's socket. */
  control(method: string, path: string, body?: unknown): Promise<Response>
  /** Runs a scenario as the lab page does, the answer parsed with the contract's schema. */
  run(id: string, browser?: ReturnType<typeof createBrowser>): Promise<ScenarioResult>
  /**
   * Every secret the run could have handled: the configuration's, the demo users', every random
   * value of the proxy and of the emulator (base64url, as codes, tokens, states, verifiers,
   * session ids and form tokens are written), and the codes still in the emulator's store.
   */
  secrets(): string[]
  /** Stops the emulator alone: the service is down. */
  stopEmulator(): Promise<void>
  close(): Promise<void>
}

export interface LabSetupOptions {
  env?: Env
  apps?: AppRegistration[]
  /** Wraps the proxy's upstream client (to hold or watch a call). */
  upstream?: (inner: Upstream) => Upstream
}

export async function startLab(options: LabSetupOptions = {}): Promise<LabSetup> {
  const randoms: string[] = []
  const keep = (bytes: Uint8Array) => {
    if (bytes.length >= 12) randoms.push(Buffer.from(bytes).toString('base64url'))
  }
  const emulator = await startEmulator({
    port: 0,
    options: {
      testControl: true,
      apps: [
        ...seedApps({ webRedirectUri: `${LAB_APP_ORIGIN}/callback` }),
        ...(options.apps ?? []),
      ],
      random: (bytes) => {
        crypto.getRandomValues(bytes)
        keep(bytes)
        return bytes
      },
    },
  })
  let isEmulatorRunning = true
  const upstream = createHttpUpstream()
  const config = loadConfig({
    SESSION_SECRET,
    APP_ORIGIN: LAB_APP_ORIGIN,
    EMULATOR_PORT: new URL(emulator.url).port,
    ...options.env,
  })
  const proxy = createProxy({
    config,
    upstream: options.upstream === undefined ? upstream : options.upstream(upstream),
    randomBytes: (size) => {
      const bytes = nodeRandomBytes(size)
      keep(bytes)
      return bytes
    },
  })
  const browser = createBrowser(proxy, LAB_APP_ORIGIN)
  const control = (method: string, path: string, body?: unknown) =>
    fetch(`${emulator.url}/__emulator${path}`, {
      method,
      headers: CONTROL_HEADERS,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  return {
    emulator,
    config,
    proxy,
    browser,
    control,
    async run(id, caller = browser) {
      const response = await caller.call('POST', `/auth/lab/scenarios/${id}`, { body: {} })
      if (response.status !== 200) {
        throw new Error(`scenario ${id}: HTTP ${response.status} ${await response.text()}`)
      }
      return ScenarioResultSchema.parse(await response.json())
    },
    secrets() {
      return [...configSecrets(config), DEMO_SECRET, ...randoms, ...storedCodes(emulator)]
    },
    async stopEmulator() {
      isEmulatorRunning = false
      await emulator.close()
    },
    async close() {
      upstream.close()
      if (isEmulatorRunning) await emulator.close()
    },
  }
}

/** The secrets (and anything token-shaped) found in a result's JSON. */
export function leaks(result: unknown, secrets: readonly string[]): string[] {
  const json = JSON.stringify(result)
  const found = secrets.filter((secret) => secret.length >= 6 && json.includes(secret))
  for (const shaped of json.match(/emu_at_|[\w-]{32,}/g) ?? []) found.push(shaped)
  return found
}

/** The authorization and client codes every tenant of the emulator still holds. */
function storedCodes(emulator: RunningEmulator): string[] {
  const snapshot = emulator.control.snapshot() as {
    tenants: [
      string,
      { store: { authCodes: [string, unknown][]; clientCodes: [string, unknown][] } },
    ][]
  }
  return snapshot.tenants.flatMap(([, tenant]) => [
    ...tenant.store.authCodes.map(([code]) => code),
    ...tenant.store.clientCodes.map(([code]) => code),
  ])
}
