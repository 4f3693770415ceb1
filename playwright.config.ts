import { defineConfig, devices } from '@playwright/test'
import type { EmulatorProfile } from './e2e/support/fixtures'
import { CHROMIUM_ARGS, findChromium } from './e2e/support/browser'
import {
  E2E_APP_ORIGIN,
  E2E_DEAD_SERVICE_ORIGIN,
  E2E_EMULATOR_ORIGIN,
  E2E_EMULATOR_PORT,
  E2E_PKCE_OFF_APP_ORIGIN,
  E2E_SERVICE_DOWN_APP_ORIGIN,
  E2E_SESSION_SECRET,
  E2E_UPSTREAM_TIMEOUT_MS,
} from './e2e/support/ports'

const { executablePath } = findChromium()
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: { ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS },
}

// The app on localhost and the emulator on 127.0.0.1: two hosts, so the flow is really
// cross-site and SameSite is exercised (docs/security.md#g5, two hostnames).
export default defineConfig<{ emulatorProfile: EmulatorProfile }>({
  testDir: 'e2e',
  // The specs share one emulator (its request log, rate counters): run them one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E_APP_ORIGIN,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      // The emulator as the spec describes the service (the `seed` profile): every spec.
      name: 'chromium',
      use: { ...chromium },
    },
    {
      // The emulator as the real service answers (docs/emulator.md): the journeys that meet a
      // difference (scopes, user lookups, rate limits, logout), tagged @both-profiles in their
      // specs. The fixture (e2e/support/fixtures.ts) switches the profile before each test.
      name: 'chromium-observed',
      use: { ...chromium, emulatorProfile: 'observed' },
      grep: /@both-profiles/,
    },
  ],
  // Playwright starts these in order: the second one reuses the first one's build.
  webServer: [
    {
      // The production build served by the proxy, as `npm start` does, on ports of its own.
      command: 'npm run build && node --enable-source-maps dist/server.js',
      url: `http://127.0.0.1:${new URL(E2E_APP_ORIGIN).port}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        APP_ORIGIN: E2E_APP_ORIGIN,
        EMULATOR_PORT: String(E2E_EMULATOR_PORT),
        EMULATOR_TEST_CONTROL: '1',
        // The suite starts more client-code logins from one address than the default 5 per 10
        // minutes (src/proxy/auth/client-code-throttle.ts); client-code-routes.test proves the limit.
        CLIENT_CODE_START_LIMIT: '1000',
        // Every login of the suite comes from loopback, one client address (docs/security.md#s5);
        // login-throttle.test.ts proves the default limit.
        LOGIN_RATE_LIMIT: '99999',
        SESSION_SECRET: E2E_SESSION_SECRET,
        // Short enough for the hanging-token-endpoint test (e2e/faults.spec.ts) to outwait it.
        UPSTREAM_TIMEOUT_MS: String(E2E_UPSTREAM_TIMEOUT_MS),
        YUQUE_AUTH_URL: '',
        YUQUE_BASE_URL: '',
        YUQUE_CLIENT_ID: '',
        YUQUE_CLIENT_SECRET: '',
      },
    },
    {
      // The PKCE-off preview (e2e/connect-preview.spec.ts): the same build, OAUTH_PKCE=off, and
      // the first instance's emulator configured as the service. Its redirect_uri is not
      // registered there, which is fine: the spec only reads the authorize URL the browser is sent to.
      command: 'node --enable-source-maps dist/server.js',
      url: `http://127.0.0.1:${new URL(E2E_PKCE_OFF_APP_ORIGIN).port}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        APP_ORIGIN: E2E_PKCE_OFF_APP_ORIGIN,
        SESSION_SECRET: E2E_SESSION_SECRET,
        OAUTH_PKCE: 'off',
        YUQUE_AUTH_URL: E2E_EMULATOR_ORIGIN,
        YUQUE_BASE_URL: `${E2E_EMULATOR_ORIGIN}/api/v2`,
        YUQUE_CLIENT_ID: 'playground-web',
        YUQUE_CLIENT_SECRET: 'playground-web-secret',
      },
    },
    {
      // The service down (e2e/service-down.spec.ts): the same build, its service on a loopback
      // port nothing listens on, so that Connect meets a refused connection.
      command: 'node --enable-source-maps dist/server.js',
      url: `http://127.0.0.1:${new URL(E2E_SERVICE_DOWN_APP_ORIGIN).port}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        APP_ORIGIN: E2E_SERVICE_DOWN_APP_ORIGIN,
        SESSION_SECRET: E2E_SESSION_SECRET,
        YUQUE_AUTH_URL: E2E_DEAD_SERVICE_ORIGIN,
        YUQUE_BASE_URL: `${E2E_DEAD_SERVICE_ORIGIN}/api/v2`,
        YUQUE_CLIENT_ID: 'playground-web',
        YUQUE_CLIENT_SECRET: 'playground-web-secret',
      },
    },
  ],
})
