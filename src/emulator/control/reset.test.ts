/**
 * `POST /__emulator/reset` is "back to the seed" (docs/emulator.md#reset): after a test has
 * written, changed and deleted through the API and switched everything test control switches, a
 * reset emulator is the same, as a whole and in every answer, as one never used, and the next
 * object it creates gets the id a fresh emulator gives. Over real HTTP, as CI uses it.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { envelope } from '../../protocol/schemas'
import { redeemCode, tokenThroughPages } from '../../testing/emulator-pages'
import { startTestEmulator, TEST_UA, type TestEmulator } from '../../testing/emulator-over-http'
import { fetchOverLoopback } from '../../testing/localhost-names'
import { spaceOrigin } from '../../protocol/space-host'
import { seedUsers } from '../seed'
import { CONTROL_HEADERS } from './test-control'

const START = Date.parse('2025-01-15T10:00:00.000Z')
const ALL = 'group,repo,doc'

const running: TestEmulator[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()))
})

async function start(options: Parameters<typeof startTestEmulator>[0] = {}) {
  const emulator = await startTestEmulator({ clock: () => START, ...options })
  running.push(emulator)
  return emulator
}

/** The body with the emulator's own origin (its port) taken out, so two emulators compare. */
async function answer(emulator: TestEmulator, response: Response) {
  const text = await response.text()
  return { status: response.status, body: text.replaceAll(emulator.url, '<origin>') }
}

/** Created through the API, and the id the emulator gave it. */
async function createdId(response: Response): Promise<number> {
  const body: unknown = await response.json()
  expect(response.status, JSON.stringify(body)).toBe(200)
  return envelope(z.object({ id: z.int() })).parse(body).data.id
}

/** What a test does to an emulator: every kind of write the model takes, and every switch. */
async function useHard(emulator: TestEmulator): Promise<number> {
  const token = await tokenThroughPages(emulator.app, 'alice', ALL)
  const call = (method: string, path: string, body?: unknown) =>
    emulator.api(method, path, { token, ...(body === undefined ? {} : { body }) })
  const repoId = await createdId(
    await call('POST', '/users/alice/repos', { name: 'Scratch', slug: 'scratch', public: 1 }),
  )
  const docId = await createdId(
    await call('POST', `/repos/${repoId}/docs`, { title: 'Note', slug: 'note', body: 'x' }),
  )
  await createdId(
    await call('POST', '/repos/20011/docs', { title: 'Extra', slug: 'extra', body: 'y' }),
  )
  expect(
    (await call('PUT', '/repos/20011/docs/getting-started', { title: 'Changed' })).status,
  ).toBe(200)
  expect((await call('DELETE', '/repos/20011/docs/versioning')).status).toBe(200)
  expect((await call('PUT', '/repos/20012', { name: 'Renamed' })).status).toBe(200)
  expect((await call('DELETE', '/repos/20013')).status).toBe(200)
  const toc = { action: 'appendNode', action_mode: 'child', type: 'DOC', doc_ids: [docId] }
  expect((await call('PUT', `/repos/${repoId}/toc`, toc)).status).toBe(200)
  expect((await call('PUT', '/groups/payments-docs/users/wangxiaoming', { role: 2 })).status).toBe(
    200,
  )

  // A wrong client secret: one failure for the guess throttle.
  const guess = await redeemCode(emulator.app, 'no-code', { client_secret: 'wrong' })
  expect(guess.status).toBe(401)
  emulator.control.advanceClock(86_400_000)
  emulator.control.setPkceMode('required')
  emulator.control.setProfile('observed')
  emulator.control.queueFault({ path: '/api/v2/user', status: 500, times: 3 })
  return repoId
}

/** The answers a client would read, anonymous and as alice (with a token made after the reset). */
async function reads(emulator: TestEmulator, repoId: number) {
  const token = await tokenThroughPages(emulator.app, 'alice', ALL)
  const paths = [
    '/user',
    '/users/alice/repos',
    '/repos/20011/docs',
    '/repos/20011/docs/getting-started',
    '/repos/20011/docs/versioning',
    '/repos/20011/toc',
    '/repos/20012',
    '/repos/20013',
    `/repos/${repoId}`,
    '/groups/payments-docs/users',
  ]
  const answers = []
  for (const path of paths) {
    answers.push({ path, ...(await answer(emulator, await emulator.api('GET', path, { token }))) })
  }
  return answers
}

describe('POST /__emulator/reset', () => {
  it('answers every read as a fresh emulator does, after writes, deletions of seed documents and switches', async () => {
    const used = await start()
    const fresh = await start()
    const repoId = await useHard(used)
    const reset = await used.callControl('POST', '/reset')
    expect(reset.status).toBe(200)
    expect(await reset.json()).toEqual({ reset: true })

    const after = await reads(used, repoId)
    expect(after).toEqual(await reads(fresh, repoId))
    // Not vacuous: the seed document is back, the created repository gone.
    expect(after.find((read) => read.path === '/repos/20011/docs/versioning')?.status).toBe(200)
    expect(after.find((read) => read.path === `/repos/${repoId}`)?.status).toBe(404)
  })

  it('gives the next created repository, document and TOC node the ids a fresh emulator gives', async () => {
    const used = await start()
    const fresh = await start()
    await useHard(used)
    await used.callControl('POST', '/reset')

    const next = async (emulator: TestEmulator) => {
      const token = await tokenThroughPages(emulator.app, 'alice', ALL)
      const call = (method: string, path: string, body: unknown) =>
        emulator.api(method, path, { token, body })
      const repo = await createdId(
        await call('POST', '/users/alice/repos', { name: 'Next', slug: 'next' }),
      )
      const doc = await createdId(
        await call('POST', `/repos/${repo}/docs`, { title: 'N', body: 'n' }),
      )
      const toc = await call('PUT', `/repos/${repo}/toc`, {
        action: 'appendNode',
        action_mode: 'child',
        type: 'DOC',
        doc_ids: [doc],
      })
      return { repo, doc, toc: await answer(emulator, toc) }
    }
    const [afterReset, ofFresh] = [await next(used), await next(fresh)]
    expect(afterReset).toEqual(ofFresh)
    expect(afterReset.toc.status).toBe(200)
  })

  it('leaves the whole state, model, counters, apps, users and store, equal to a fresh emulator’s', async () => {
    const used = await start()
    const fresh = await start()
    await useHard(used)
    used.control.addUser({ login: 'dora', name: 'Dora', password: 'pw-dora' })
    used.control.addApp({ clientId: 'ci-app', clientSecret: 's', redirectUris: [] })
    expect(used.control.snapshot()).not.toEqual(fresh.control.snapshot())

    await used.callControl('POST', '/reset')
    expect(used.control.snapshot()).toEqual(fresh.control.snapshot())
  })

  it('restores a seed given in the options, untouched by what the emulator changed', async () => {
    const users = structuredClone(seedUsers)
    const used = await start({ users })
    await useHard(used)
    used.control.addUser({ login: 'erin', name: 'Erin', password: 'pw-erin' })
    await used.callControl('POST', '/reset')
    expect(users.map((user) => user.login)).toEqual(['alice', 'bob', 'wangxiaoming', 'carol'])
    expect(used.control.snapshot()).toEqual((await start({ users })).control.snapshot())
  })

  it('restores every enterprise space too, whichever host it is called on (docs/emulator.md#enterprise-spaces)', async () => {
    const used = await start()
    const fresh = await start()
    /** A call to the space `acme` over a real socket, on its own host (acme.localhost:<port>). */
    const acme = (emulator: TestEmulator, path: string, init: RequestInit = {}) =>
      fetchOverLoopback(`${spaceOrigin(emulator.url, 'acme')}${path}`, init)
    const control = (emulator: TestEmulator, path: string, body: unknown) =>
      acme(emulator, `/__emulator${path}`, {
        method: 'POST',
        headers: CONTROL_HEADERS,
        body: JSON.stringify(body),
      })
    const readsOfAcme = async (emulator: TestEmulator) => {
      const minted = await control(emulator, '/tokens', { login: 'alice', scopes: ['repo', 'doc'] })
      const { access_token: token } = z
        .object({ access_token: z.string() })
        .parse(await minted.json())
      const answers = []
      for (const path of ['/user', '/users/alice/repos', '/repos/7202/docs', '/repos/90001']) {
        const response = await acme(emulator, `/api/v2${path}`, {
          headers: { ...TEST_UA, 'X-Auth-Token': token },
        })
        const body = (await response.text()).replaceAll(
          spaceOrigin(emulator.url, 'acme'),
          '<origin>',
        )
        answers.push({ path, status: response.status, body })
      }
      return answers
    }

    await useHard(used)
    const minted = await control(used, '/tokens', { login: 'li-lei', scopes: ['repo', 'doc'] })
    expect(minted.status).toBe(201)
    const { access_token: token } = z
      .object({ access_token: z.string() })
      .parse(await minted.json())
    const write = (method: string, path: string, body?: unknown) =>
      acme(used, `/api/v2${path}`, {
        method,
        headers: { ...TEST_UA, 'X-Auth-Token': token, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    const mine = { name: 'Mine', slug: 'mine' }
    expect((await write('POST', '/users/li-lei/repos', mine)).status).toBe(200)
    expect((await write('POST', '/repos/7202/docs', { title: 'New', body: 'x' })).status).toBe(200)
    expect((await write('DELETE', '/repos/7202/docs/onboarding')).status).toBe(200)
    expect((await write('GET', '/repos/90001')).status).toBe(200)
    const user = { login: 'erin', name: 'Erin', password: 'pw-erin' }
    expect((await control(used, '/users', user)).status).toBe(201)
    const app = { clientId: 'acme-ci', clientSecret: 's', redirectUris: [] }
    expect((await control(used, '/apps', app)).status).toBe(201)
    expect((await control(used, '/faults', { path: '/api/v2/user', status: 500 })).status).toBe(201)
    const guess = await acme(used, '/oauth2/token', {
      method: 'POST',
      headers: { ...TEST_UA, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&client_id=playground-web&client_secret=wrong&code=x',
    })
    expect(guess.status).toBe(401)
    const before = used.control.snapshot()
    expect(before).not.toEqual(fresh.control.snapshot())

    const reset = await control(used, '/reset', {})
    expect(reset.status).toBe(200)
    expect(used.control.snapshot()).toEqual(fresh.control.snapshot())
    const after = await readsOfAcme(used)
    expect(after).toEqual(await readsOfAcme(fresh))
    // Not vacuous: the space's seed document is back, and its created repository gone.
    expect(after.find((read) => read.path === '/repos/7202/docs')?.body).toContain('"onboarding"')
    expect(after.find((read) => read.path === '/repos/90001')?.status).toBe(404)
  })
})
