import { describe, expect, it } from 'vitest'
import { createEmulator } from '../emulator/emulator'
import { seedApps } from '../emulator/seed'
import { createBrowser } from '../testing/proxy-browser'
import { UpstreamError, createInProcessUpstream, type Upstream } from './api/upstream'
import { loadConfig } from './config'
import { createProxy } from './proxy'
import { createServiceProbe, type ServiceProbe } from './service-probe'

const config = loadConfig({ SESSION_SECRET: 'service-probe-test-secret-0123456789abcdef' })

/** An upstream with nobody listening, counting its calls. */
function refusing() {
  const calls = { count: 0 }
  const upstream: Upstream = () => {
    calls.count += 1
    return Promise.reject(new UpstreamError('unreachable', 'connect ECONNREFUSED'))
  }
  return { upstream, calls }
}

describe('the service probe', () => {
  it('says a refused connection is down, and asks again once a failure is a second old', async () => {
    let now = 0
    const { upstream, calls } = refusing()
    const probe = createServiceProbe({
      config,
      upstream,
      timeoutMs: 500,
      okForMs: 30_000,
      downForMs: 1000,
      clock: () => now,
    })
    expect(await probe()).toMatchObject({ ok: false })
    now = 999
    await probe()
    expect(calls.count).toBe(1)
    now = 1000
    await probe()
    expect(calls.count).toBe(2)
  })

  it('keeps a success for okForMs: logins do not each pay a round trip', async () => {
    let now = 0
    let calls = 0
    const emulator = createEmulator({ apps: seedApps() })
    const upstream = createInProcessUpstream((request) => {
      calls += 1
      return emulator.app.request(request)
    })
    const probe = createServiceProbe({
      config,
      upstream,
      timeoutMs: 500,
      okForMs: 30_000,
      downForMs: 1000,
      clock: () => now,
    })
    expect(await probe()).toMatchObject({ ok: true })
    now = 29_999
    await probe()
    expect(calls).toBe(1)
  })
})

describe('a login while the service does not answer', () => {
  const withProbe = (serviceProbe: ServiceProbe) => {
    const emulator = createEmulator({ apps: seedApps() })
    return createBrowser(
      createProxy({
        config,
        upstream: createInProcessUpstream((request) => emulator.app.request(request)),
        serviceProbe,
      }),
    )
  }
  const down: ServiceProbe = () => Promise.resolve({ ok: false, detail: 'x is unreachable' })
  const up: ServiceProbe = () => Promise.resolve({ ok: true, detail: 'x answered' })

  it.each(['/auth/start', '/auth/client-code/start'])(
    '%s is refused with 503 upstream_unreachable and starts nothing',
    async (path) => {
      const browser = withProbe(down)
      const response = await browser.call('POST', path, { body: { scopes: [] } })
      expect(response.status).toBe(503)
      expect(response.headers.get('X-Playground-Error')).toBe('upstream_unreachable')
      expect(await response.json()).toMatchObject({ code: 'upstream_unreachable' })
      // No pending login: no transaction cookie was set.
      expect(response.headers.get('Set-Cookie')).toBeNull()
    },
  )

  it('starts as before when the service answers', async () => {
    const response = await withProbe(up).call('POST', '/auth/start', { body: { scopes: [] } })
    expect(response.status).toBe(200)
  })
})
