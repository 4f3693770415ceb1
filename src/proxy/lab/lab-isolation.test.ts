/**
 * What a flow lab run must not touch (docs/architecture.md#the-flow-labs-scenarios): the
 * caller's own session, another browser's login made while a run's fault is queued, and the
 * emulator's clock and PKCE mode once the run is over, even when it failed midway. Against the
 * real emulator on a loopback socket.
 */
import { afterEach, expect, test } from 'vitest'
import { LAB_SCENARIO_IDS, type LabScenarioId } from '../../protocol/lab-api'
import { authorizeThroughPages } from '../../testing/emulator-pages'
import { LAB_APP_ORIGIN, startLab, type LabSetup } from '../../testing/lab-setup'
import { connectBrowser, createBrowser } from '../../testing/proxy-browser'
import { UpstreamError, type Upstream } from '../api/upstream'

let lab: LabSetup | undefined
afterEach(async () => {
  await lab?.close()
  lab = undefined
})

/** The hashes of the tokens the emulator still takes. */
function liveTokens(setup: LabSetup): string[] {
  const snapshot = setup.emulator.control.snapshot() as {
    tenants: [string, { store: { tokens: [string, { revoked: boolean }][] } }][]
  }
  const [, main] = snapshot.tenants[0] ?? ['', { store: { tokens: [] } }]
  return main.store.tokens.filter(([, token]) => !token.revoked).map(([hash]) => hash)
}

function emulatorSettings(setup: LabSetup) {
  const { clockOffset, pkce } = setup.emulator.control.snapshot() as {
    clockOffset: number
    pkce: string
  }
  return { clockOffset, pkce }
}

async function connect(setup: LabSetup, browser = setup.browser) {
  const exchange = await connectBrowser(
    browser,
    async (url) =>
      (await authorizeThroughPages(setup.emulator.app, url, { login: 'alice' })).location,
    ['repo:read'],
  )
  expect(exchange.status).toBe(200)
}

test('never changes the caller’s session: connected before every scenario, connected after with the same token and scope', async () => {
  lab = await startLab()
  const { browser } = lab
  await connect(lab)
  const session = await (await browser.call('GET', '/auth/session')).json()
  expect(session).toMatchObject({ connected: true, scope: 'repo:read' })
  const cookies = new Map(browser.jar)
  const tokens = liveTokens(lab)
  expect(tokens).toHaveLength(1)
  const cookiesSeen = browser.seen.length

  for (const id of LAB_SCENARIO_IDS) expect((await lab.run(id, browser)).passed).toBe(true)

  // No run set, changed or cleared a cookie of the browser's.
  expect(browser.seen.length).toBe(cookiesSeen)
  expect(browser.jar).toEqual(cookies)
  expect(await (await browser.call('GET', '/auth/session')).json()).toEqual(session)
  // The session's token is the one live token left, and it still works.
  expect(liveTokens(lab)).toEqual(tokens)
  const me = await browser.call('GET', '/api/v2/user')
  expect(me.status).toBe(200)
  expect(await me.json()).toMatchObject({ data: { login: 'alice' } })
})

test('a tagged fault of one run does not touch a normal login made while it is queued', async () => {
  const holds: { lab?: LabSetup; loginDuring: Promise<void> | undefined } = {
    loginDuring: undefined,
  }
  // The run's token request is held while another browser logs in from start to end: the run's
  // fault is queued then, not yet taken.
  const holding =
    (inner: Upstream): Upstream =>
    async (request) => {
      const isTagged = request.headers['X-Emulator-Fault-Tag'] !== undefined
      if (isTagged && holds.lab !== undefined && holds.loginDuring === undefined) {
        holds.loginDuring = connect(holds.lab, createBrowser(holds.lab.proxy, LAB_APP_ORIGIN))
        await holds.loginDuring
      }
      return inner(request)
    }
  lab = await startLab({ upstream: holding })
  holds.lab = lab
  const scenarios: LabScenarioId[] = ['token-endpoint-5xx', 'error-in-200']
  for (const id of scenarios) {
    holds.loginDuring = undefined
    const result = await lab.run(id)
    expect(holds.loginDuring).toBeDefined()
    // The login met no fault (connect() expects its exchange to answer 200), the run met its own.
    expect(result.passed).toBe(true)
  }
})

test('undoes the clock and the PKCE mode when a run fails midway', async () => {
  const failing = { tokenCalls: false }
  lab = await startLab({
    upstream: (inner) => async (request) => {
      if (failing.tokenCalls && request.url.pathname === '/oauth2/token') {
        throw new UpstreamError('unreachable', 'the connection closed before the response ended')
      }
      return inner(request)
    },
  })
  failing.tokenCalls = true
  const expired = await lab.run('code-expired')
  expect(expired).toMatchObject({
    passed: false,
    actual: 'connection closed without an answer',
  })
  const pkce = await lab.run('pkce-verifier-wrong')
  expect(pkce.passed).toBe(false)
  expect(emulatorSettings(lab)).toEqual({ clockOffset: 0, pkce: 'off' })
  // And a run that cannot go on at all ends in a result that says so, not an error.
  await lab.stopEmulator()
  expect(await lab.run('code-expired')).toMatchObject({
    passed: false,
    profile: null,
    actual: expect.stringMatching(/^lab error: The emulator's test control did not answer/),
  })
})
