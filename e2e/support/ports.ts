/**
 * The e2e stack runs on ports of its own so that a developer's `npm run dev` can keep running.
 * E2E_APP_PORT and E2E_EMULATOR_PORT move it elsewhere (two suites run side by side).
 */
function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a port number (1–65535), not "${raw}".`)
  }
  return port
}

export const E2E_APP_PORT = portFromEnv('E2E_APP_PORT', 5273)
export const E2E_APP_ORIGIN = `http://localhost:${E2E_APP_PORT}`
/**
 * A second app instance with OAUTH_PKCE=off (the proxy reads it at start-up), pointed at the
 * first instance's emulator as a "real" service: e2e/connect-preview.spec.ts previews both modes.
 * E2E_PKCE_OFF_APP_PORT moves it when E2E_APP_PORT+1 is another suite's app port.
 */
export const E2E_PKCE_OFF_APP_PORT = portFromEnv('E2E_PKCE_OFF_APP_PORT', E2E_APP_PORT + 1)
export const E2E_PKCE_OFF_APP_ORIGIN = `http://localhost:${E2E_PKCE_OFF_APP_PORT}`
/**
 * A third app instance whose service answers nowhere: YUQUE_AUTH_URL and YUQUE_BASE_URL on a
 * loopback port nothing listens on (E2E_DEAD_SERVICE_PORT, 9, the discard port, unless told).
 * e2e/service-down.spec.ts presses Connect there. E2E_SERVICE_DOWN_APP_PORT moves it when
 * E2E_APP_PORT+2 is another suite's.
 */
export const E2E_SERVICE_DOWN_APP_PORT = portFromEnv('E2E_SERVICE_DOWN_APP_PORT', E2E_APP_PORT + 2)
export const E2E_SERVICE_DOWN_APP_ORIGIN = `http://localhost:${E2E_SERVICE_DOWN_APP_PORT}`
export const E2E_DEAD_SERVICE_ORIGIN = `http://127.0.0.1:${portFromEnv('E2E_DEAD_SERVICE_PORT', 9)}`
export const E2E_EMULATOR_PORT = portFromEnv('E2E_EMULATOR_PORT', 4110)
export const E2E_EMULATOR_ORIGIN = `http://127.0.0.1:${E2E_EMULATOR_PORT}`
/**
 * A server of its own for e2e/your-app.spec.ts, which reads its whole log, with its own embedded
 * emulator. E2E_BYO_APP_PORT and E2E_BYO_EMULATOR_PORT move them.
 */
export const E2E_BYO_APP_PORT = portFromEnv('E2E_BYO_APP_PORT', E2E_APP_PORT + 3)
export const E2E_BYO_EMULATOR_PORT = portFromEnv('E2E_BYO_EMULATOR_PORT', E2E_EMULATOR_PORT + 1)
/**
 * A server of its own for the flow lab's log check (e2e/lab.spec.ts), which reads its whole
 * output. E2E_LAB_APP_PORT and E2E_LAB_EMULATOR_PORT move them.
 */
export const E2E_LAB_APP_PORT = portFromEnv('E2E_LAB_APP_PORT', E2E_APP_PORT + 4)
export const E2E_LAB_EMULATOR_PORT = portFromEnv('E2E_LAB_EMULATOR_PORT', E2E_EMULATOR_PORT + 2)
export const E2E_SESSION_SECRET = 'e2e-session-secret-0123456789abcdef'
/** The proxy's UPSTREAM_TIMEOUT_MS in the e2e stack. */
export const E2E_UPSTREAM_TIMEOUT_MS = 4000
