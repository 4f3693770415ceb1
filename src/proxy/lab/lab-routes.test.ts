/**
 * The flow lab's routes (lab-routes.ts): what `GET /auth/lab` says here and why, when a run is
 * an unknown path (404), not runnable here (409), refused by the guards of every /auth write
 * (403, 415), or throttled (429); all against the real emulator on a loopback socket.
 */
import { afterEach, describe, expect, test } from 'vitest'
import { LAB_SCENARIO_IDS, LabStatusSchema, type LabScenarioId } from '../../protocol/lab-api'
import { CSRF_HEADER } from '../../protocol/playground-api'
import { OWN_APPS, OWN_APP_REGISTRATIONS } from '../../testing/byo-setup'
import { LAB_APP_ORIGIN, startLab, type LabSetup } from '../../testing/lab-setup'
import { createBrowser } from '../../testing/proxy-browser'
import { LAB_SECRET_GUESS_LIMIT } from '../auth/client-code-throttle'

let lab: LabSetup | undefined
let other: LabSetup | undefined
afterEach(async () => {
  await lab?.close()
  await other?.close()
  lab = undefined
  other = undefined
})

const CLIENT_CODE_IDS = LAB_SCENARIO_IDS.filter((id) => id.startsWith('client-code-'))

async function statusOf(setup: LabSetup, browser = setup.browser) {
  const response = await browser.call('GET', '/auth/lab')
  expect(response.status).toBe(200)
  expect(response.headers.get('Cache-Control')).toBe('no-store')
  return LabStatusSchema.parse(await response.json())
}

async function refusal(response: Response) {
  return {
    status: response.status,
    body: (await response.json()) as { code: string; message: string },
  }
}

describe('GET /auth/lab', () => {
  test('lists every scenario and the emulator’s profile with the embedded emulator', async () => {
    lab = await startLab()
    expect(await statusOf(lab)).toEqual({
      runnable: [...LAB_SCENARIO_IDS],
      profile: 'seed',
      reason: null,
    })
    await lab.control('POST', '/profile', { profile: 'observed' })
    expect((await statusOf(lab)).profile).toBe('observed')
  })

  test('leaves the client-code scenarios out when the app has no client-code app', async () => {
    lab = await startLab({ env: { CLIENT_CODE_FLOW: 'off' } })
    const status = await statusOf(lab)
    expect(status.runnable).toEqual(LAB_SCENARIO_IDS.filter((id) => !CLIENT_CODE_IDS.includes(id)))
    expect(status.reason).toBeNull()
  })

  test('runs nothing with FLOW_LAB=off, and says so', async () => {
    lab = await startLab({ env: { FLOW_LAB: 'off' } })
    expect(await statusOf(lab)).toEqual({ runnable: [], profile: null, reason: 'lab-off' })
  })

  test('runs nothing against a real service, and says so', async () => {
    // A "real" service: the four YUQUE_* variables, here naming a second emulator.
    other = await startLab()
    lab = await startLab({
      env: {
        YUQUE_AUTH_URL: other.emulator.url,
        YUQUE_BASE_URL: `${other.emulator.url}/api/v2`,
        YUQUE_CLIENT_ID: 'playground-web',
        YUQUE_CLIENT_SECRET: 'playground-web-secret',
      },
    })
    expect(lab.config.service).toBe('yuque')
    expect(await statusOf(lab)).toEqual({ runnable: [], profile: null, reason: 'real-service' })
  })

  test('runs nothing for a browser whose own app is on a real service, and all for the others', async () => {
    lab = await startLab({ env: { BYO_HOSTS: 'https://docs.example.com' } })
    const own = createBrowser(lab.proxy, LAB_APP_ORIGIN)
    const saved = await own.call('PUT', '/auth/app', {
      body: { service: { kind: 'host', host: 'https://docs.example.com' }, ...OWN_APPS.alice },
    })
    expect(saved.status).toBe(200)
    expect(await statusOf(lab, own)).toEqual({
      runnable: [],
      profile: null,
      reason: 'real-service',
    })
    expect((await statusOf(lab)).runnable).toEqual([...LAB_SCENARIO_IDS])
  })

  test('says the emulator is unavailable when its test control does not answer', async () => {
    lab = await startLab()
    await lab.stopEmulator()
    expect(await statusOf(lab)).toEqual({
      runnable: [],
      profile: null,
      reason: 'emulator-unavailable',
    })
  })
})

describe('POST /auth/lab/scenarios/:id', () => {
  test('is an unknown path with FLOW_LAB=off or against a real service (404)', async () => {
    lab = await startLab({ env: { FLOW_LAB: 'off' } })
    other = await startLab({
      env: {
        YUQUE_AUTH_URL: 'https://www.yuque.com',
        YUQUE_BASE_URL: 'https://www.yuque.com/api/v2',
        YUQUE_CLIENT_ID: 'x',
        YUQUE_CLIENT_SECRET: 'y',
      },
    })
    for (const setup of [lab, other]) {
      const response = await setup.browser.call('POST', '/auth/lab/scenarios/consent-denied', {
        body: {},
      })
      expect(await refusal(response)).toEqual({
        status: 404,
        body: {
          status: 404,
          code: 'not_allowed',
          message: 'POST /auth/lab/scenarios/consent-denied is not a playground endpoint.',
        },
      })
    }
  })

  test('names the scenarios there are for an unknown one (404)', async () => {
    lab = await startLab()
    const response = await lab.browser.call('POST', '/auth/lab/scenarios/no-such-thing', {
      body: {},
    })
    const { status, body } = await refusal(response)
    expect(status).toBe(404)
    expect(body.message).toBe(
      `There is no scenario "no-such-thing". The scenarios are: ${LAB_SCENARIO_IDS.join(', ')}.`,
    )
  })

  test('refuses a client-code scenario without a client-code app, saying why (409)', async () => {
    lab = await startLab({ env: { CLIENT_CODE_FLOW: 'off' } })
    const response = await lab.browser.call('POST', '/auth/lab/scenarios/client-code-pending', {
      body: {},
    })
    const { status, body } = await refusal(response)
    expect(status).toBe(409)
    expect(body.message).toBe(
      'The scenario "client-code-pending" runs the client-code flow, and the app in use has no client-code app (CLIENT_CODE_FLOW is off).',
    )
  })

  test('refuses a browser whose own app is on a real service, saying why (409)', async () => {
    lab = await startLab({ env: { BYO_HOSTS: 'https://docs.example.com' } })
    await lab.browser.call('PUT', '/auth/app', {
      body: { service: { kind: 'host', host: 'https://docs.example.com' }, ...OWN_APPS.alice },
    })
    const response = await lab.browser.call('POST', '/auth/lab/scenarios/code-reused', { body: {} })
    const { status, body } = await refusal(response)
    expect(status).toBe(409)
    expect(body.message).toContain('runs against the embedded emulator only')
  })

  test('passes the guards of every /auth write: the CSRF header, Origin, JSON (403, 415)', async () => {
    lab = await startLab()
    const path = '/auth/lab/scenarios/consent-denied'
    const { call } = lab.browser
    const noHeader = await call('POST', path, { body: {}, headers: { [CSRF_HEADER]: '' } })
    expect((await refusal(noHeader)).body.code).toBe('csrf')
    const otherOrigin = await call('POST', path, {
      body: {},
      headers: { Origin: 'http://attacker.test' },
    })
    expect(otherOrigin.status).toBe(403)
    const text = await call('POST', path, { body: '{}', headers: { 'Content-Type': 'text/plain' } })
    expect(text.status).toBe(415)
    const crossSite = await call('POST', path, {
      body: {},
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(crossSite.status).toBe(403)
    // Nothing ran: no page of the service was opened.
    expect(lab.emulator.control.requestLog()).toEqual([])
  })

  test('takes {} and nothing else (400)', async () => {
    lab = await startLab()
    const response = await lab.browser.call('POST', '/auth/lab/scenarios/consent-denied', {
      body: { scopes: ['doc'] },
    })
    const { status, body } = await refusal(response)
    expect(status).toBe(400)
    expect(body.message).toMatch(/^Invalid request body: .*Send \{\}\.$/)
  })

  test('throttles runs per client as logins are (LOGIN_RATE_LIMIT per minute, 429)', async () => {
    lab = await startLab({ env: { LOGIN_RATE_LIMIT: '2' } })
    for (let run = 0; run < 2; run += 1) {
      const ok = await lab.browser.call('POST', '/auth/lab/scenarios/consent-denied', { body: {} })
      expect(ok.status).toBe(200)
      expect(ok.headers.get('Cache-Control')).toBe('no-store')
    }
    const refused = await lab.browser.call('POST', '/auth/lab/scenarios/consent-denied', {
      body: {},
    })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await refusal(refused)).body.message).toMatch(
      /^Too many flow lab scenarios run from this address \(2 per minute\)\. Try again in \d+ s\.$/,
    )
  })

  test('runs the wrong-secret scenario at most 4 times per app in 15 minutes, whoever asks, so the service never locks the app out', async () => {
    lab = await startLab()
    const run = (browser = createBrowser(lab!.proxy, LAB_APP_ORIGIN)) =>
      browser.call('POST', '/auth/lab/scenarios/client-secret-wrong', { body: {} })
    for (let time = 0; time < LAB_SECRET_GUESS_LIMIT; time += 1) {
      const response = await run()
      expect(response.status).toBe(200)
      expect(((await response.json()) as { passed: boolean }).passed).toBe(true)
    }
    const refused = await run()
    expect(refused.status).toBe(429)
    expect((await refusal(refused)).body.message).toContain(
      'the service locks an app out of its token endpoint after 10 wrong secrets in 15 minutes from one address',
    )
    // The operator's app still logs in: the service counted fewer than its limit.
    expect((await lab.run('code-reused')).passed).toBe(true)
  })
})

describe('a run with the browser’s own app on the emulator', () => {
  test('uses that app’s client id, and its client-code app when it has one', async () => {
    lab = await startLab({ apps: OWN_APP_REGISTRATIONS })
    const saved = await lab.browser.call('PUT', '/auth/app', {
      body: {
        service: { kind: 'emulator' },
        ...OWN_APPS.alice,
        codeClient: OWN_APPS.aliceCli,
      },
    })
    expect(saved.status).toBe(200)
    const ids: LabScenarioId[] = ['code-reused', 'client-code-denied']
    for (const id of ids) {
      const result = await lab.run(id)
      expect(result.passed).toBe(true)
      const clientIds = result.steps.flatMap((step) =>
        (step.request?.params ?? []).filter((p) => p.name === 'client_id').map((p) => p.value),
      )
      expect(new Set(clientIds)).toEqual(
        new Set([id === 'code-reused' ? OWN_APPS.alice.clientId : OWN_APPS.aliceCli.clientId]),
      )
      const json = JSON.stringify(result)
      for (const secret of [OWN_APPS.alice.clientSecret, OWN_APPS.aliceCli.clientSecret]) {
        expect(json).not.toContain(secret)
      }
    }
  })
})

describe('a run with the browser’s own app on an enterprise space of the embedded emulator', () => {
  test('calls the space’s host, and its test control there: its tokens, faults and pages are the space’s', async () => {
    lab = await startLab()
    const saved = await lab.browser.call('PUT', '/auth/app', {
      body: {
        service: { kind: 'space', space: 'acme' },
        clientId: 'playground-web',
        clientSecret: 'playground-web-secret',
      },
    })
    expect(saved.status).toBe(200)
    const spaceHost = `acme.localhost:${new URL(lab.emulator.url).port}`
    // A revocation, a fault and the clock: each must reach the tenant that issued the token.
    const ids: LabScenarioId[] = ['token-revoked', 'token-endpoint-5xx', 'code-expired']
    for (const id of ids) {
      const result = await lab.run(id)
      expect({ id, passed: result.passed, actual: result.actual }).toMatchObject({ passed: true })
      const hosts = new Set(
        result.steps.flatMap((step) => (step.request ? [new URL(step.request.url).host] : [])),
      )
      expect(hosts).toEqual(new Set([spaceHost]))
    }
  })
})
