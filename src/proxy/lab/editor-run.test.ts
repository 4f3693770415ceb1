/**
 * The flow lab's editor run end to end (src/proxy/lab/editor-routes.ts): the real proxy, the real
 * emulator's pages and token endpoint, one request shaped in the editor each time, and what the
 * run answers (src/protocol/lab-api.ts, LabRunResult). Nothing secret may reach the answer.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { changedRedirectUri } from '../../protocol/authorize'
import type { LabRunResult } from '../../protocol/lab-api'
import { setupLabEditor, WEB_CLIENT_SECRET } from '../../testing/lab-editor-setup'

let lab: ReturnType<typeof setupLabEditor>
beforeEach(() => {
  lab = setupLabEditor()
})

const verdicts = (result: LabRunResult) =>
  Object.fromEntries(result.checks.map((check) => [check.id, check.verdict]))

/** Every value of the run that must stay out of the answer, its body and its headers. */
function expectNothingSecret(answer: { response: Response; text: string }, query: string) {
  const back = new URLSearchParams(query)
  const secrets = [
    WEB_CLIENT_SECRET,
    // Every state and verifier the proxy made (32 random bytes each).
    ...lab.issued.filter((value) => value.length === 43),
    ...back.getAll('code'),
    ...back.getAll('state'),
  ].filter((secret) => secret !== '')
  const headers = [...answer.response.headers].map(([name, value]) => `${name}: ${value}`)
  for (const text of [answer.text, ...headers]) {
    for (const secret of secrets) expect(text).not.toContain(secret)
    // Every token of the emulator starts so (src/emulator/oauth/mint-token.ts).
    expect(text).not.toContain('emu_at_')
  }
}

describe('POST /auth/lab/start and /auth/lab/finish: a run approved', () => {
  it('exchanges the code once with the S256 verifier: 200 token, every check passed, nothing secret in the answer', async () => {
    // The service checks PKCE here, so a wrong challenge or verifier would fail the exchange.
    expect((await lab.control('/pkce', { mode: 'required' })).status).toBe(200)
    const { authorizeUrl, params } = await lab.start()
    const sent = new URL(authorizeUrl).searchParams
    expect(sent.get('code_challenge_method')).toBe('S256')
    expect(sent.get('state')).toMatch(/^[\w-]{43}$/)
    // The parameters as sent, state and challenge shortened.
    expect(params).toEqual([
      ['client_id', 'playground-web'],
      ['scope', 'repo:read'],
      ['redirect_uri', 'http://localhost:5173/callback'],
      ['state', `${sent.get('state')?.slice(0, 6)}…`],
      ['response_type', 'code'],
      ['code_challenge', `${sent.get('code_challenge')?.slice(0, 6)}…`],
      ['code_challenge_method', 'S256'],
    ])
    const query = await lab.approve(authorizeUrl)
    const answer = await lab.finished(query)
    const { result } = answer
    expect(result.actual).toBe('200 token')
    expect(result.exchanged).toBe(true)
    expect(result.checks.map((check) => check.id)).toEqual([
      'params-once',
      'no-error',
      'state-sent',
      'state-returned',
      'state-matches',
      'code-returned',
      'pkce-verifier',
    ])
    expect(result.checks.every((check) => check.verdict === 'pass')).toBe(true)
    expect(result.steps).toHaveLength(1)
    expect(result.steps[0]).toMatchObject({
      kind: 'exchange',
      outcome: 'passed',
      request: { method: 'POST', url: 'http://127.0.0.1:4010/oauth2/token' },
      response: { status: 200 },
    })
    const names = result.steps[0]?.request?.params.map((field) => field.name)
    expect(names).toEqual(['client_id', 'client credential', 'code', 'grant_type', 'code_verifier'])
    expect(lab.tokenCalls()).toHaveLength(1)
    expectNothingSecret(answer, query)
    // No session: the lab's token is never kept.
    expect(lab.browser.jar.has('pg_session')).toBe(false)
    const session = await lab.browser.call('GET', '/auth/session')
    expect(await session.json()).toEqual({ connected: false })
  })

  it('sends the user’s own state and checks the return against it', async () => {
    const own = 'my-own-state-that-is-long-enough-to-redact-0001'
    const { authorizeUrl, params } = await lab.start({ stateMode: 'own', ownState: own })
    expect(new URL(authorizeUrl).searchParams.get('state')).toBe(own)
    expect(params).toContainEqual(['state', 'my-own…'])
    const query = await lab.approve(authorizeUrl)
    const answer = await lab.finished(query)
    expect(answer.result.actual).toBe('200 token')
    expect(verdicts(answer.result)['state-matches']).toBe('pass')
    expect(answer.text).not.toContain(own)
  })
})

describe('an editor run the client refuses: nothing is exchanged', () => {
  it('omitted state: the request carries none, the checks fail, the code is not exchanged', async () => {
    const { authorizeUrl, params } = await lab.start({ stateMode: 'omitted' })
    expect(new URL(authorizeUrl).searchParams.has('state')).toBe(false)
    expect(params.map(([name]) => name)).not.toContain('state')
    const query = await lab.approve(authorizeUrl)
    // The service sent the code back all the same, without a state.
    expect(new URLSearchParams(query).has('code')).toBe(true)
    expect(new URLSearchParams(query).has('state')).toBe(false)
    const answer = await lab.finished(query)
    expect(verdicts(answer.result)).toMatchObject({
      'state-sent': 'fail',
      'state-returned': 'skip',
      'state-matches': 'skip',
      'code-returned': 'pass',
    })
    expect(answer.result).toMatchObject({
      exchanged: false,
      actual: 'refused by the client: no state was sent',
      steps: [],
    })
    expect(lab.tokenCalls()).toHaveLength(0)
    expectNothingSecret(answer, query)
  })

  it('tamper-state: the return is checked against the state with its last character changed, and refused', async () => {
    const { authorizeUrl } = await lab.start({ afterReturn: 'tamper-state' })
    const query = await lab.approve(authorizeUrl)
    const answer = await lab.finished(query)
    const check = answer.result.checks.find((one) => one.id === 'state-matches')
    expect(check?.verdict).toBe('fail')
    expect(check?.values?.tampered).toMatch(/last character changed/)
    expect(answer.result).toMatchObject({
      exchanged: false,
      actual: 'refused by the client: state does not match',
    })
    expect(lab.tokenCalls()).toHaveLength(0)
    expectNothingSecret(answer, query)
  })
})

describe('after the return: exchange twice, call an API', () => {
  it('exchange-twice: the second exchange is invalid_grant, and the first token is then refused (401)', async () => {
    const { authorizeUrl } = await lab.start({ afterReturn: 'exchange-twice' })
    const query = await lab.approve(authorizeUrl)
    const answer = await lab.finished(query)
    expect(answer.result.actual).toBe(
      '200 token, then 400 invalid_grant; GET /user with the first token: 401',
    )
    expect(answer.result.exchanged).toBe(true)
    expect(answer.result.steps.map((step) => [step.kind, step.response?.status])).toEqual([
      ['exchange', 200],
      ['exchange', 400],
      ['api', 401],
    ])
    expect(lab.tokenCalls()).toHaveLength(2)
    expectNothingSecret(answer, query)
  })

  it.each([
    ['seed', 403],
    ['observed', 401],
  ] as const)(
    'call-api without repo:read: GET /users/{login}/repos answers %s with %i',
    async (profile, status) => {
      expect((await lab.control('/profile', { profile })).status).toBe(200)
      const { authorizeUrl } = await lab.start({ scopes: ['doc:read'], afterReturn: 'call-api' })
      const query = await lab.approve(authorizeUrl)
      const answer = await lab.finished(query)
      expect(answer.result.actual).toBe(`200 token; GET /users/{login}/repos: ${status}`)
      const read = answer.result.steps.at(-1)
      expect(read).toMatchObject({ kind: 'api', response: { status } })
      expect(read?.request?.url).toBe('http://127.0.0.1:4010/api/v2/users/alice/repos')
      expectNothingSecret(answer, query)
    },
  )

  it('call-api with repo:read: the same read answers 200', async () => {
    const { authorizeUrl } = await lab.start({ scopes: ['repo:read'], afterReturn: 'call-api' })
    const answer = await lab.finished(await lab.approve(authorizeUrl))
    expect(answer.result.actual).toBe('200 token; GET /users/{login}/repos: 200')
  })

  it('tells a token endpoint that does not answer: a result, not a refusal of the proxy', async () => {
    const slow = setupLabEditor({ env: { UPSTREAM_TIMEOUT_MS: '200' } })
    const { authorizeUrl } = await slow.start()
    const query = await slow.approve(authorizeUrl)
    await slow.control('/faults', { method: 'POST', path: '/oauth2/token', delayMs: 1000 })
    const answer = await slow.finished(query)
    expect(answer.result).toMatchObject({
      exchanged: false,
      actual: 'no answer from the token endpoint (upstream_timeout)',
    })
    expect(answer.response.headers.get('X-Playground-Error')).toBeNull()
    // One attempt only: the fault delays one call, so a retry would have got a token.
    expect(answer.result.steps.filter((step) => step.kind === 'exchange')).toHaveLength(1)
  })
})

describe('requests the service refuses at its authorize endpoint', () => {
  it('a redirect URI changed by one character: the URL carries it, the service shows an error page', async () => {
    const { authorizeUrl, params } = await lab.start({ redirect: 'changed' })
    const changed = changedRedirectUri('http://localhost:5173/callback')
    expect(changed).toBe('http://localhost:5173/callbackx')
    expect(new URL(authorizeUrl).searchParams.get('redirect_uri')).toBe(changed)
    expect(params).toContainEqual(['redirect_uri', changed])
    // RFC 9700 §4.1.3: never a redirect to it.
    expect(await lab.visit(authorizeUrl)).toEqual({ status: 400, location: null })
  })

  it('plain PKCE: the service that checks PKCE redirects back with invalid_request; the run says so', async () => {
    expect((await lab.control('/pkce', { mode: 'optional' })).status).toBe(200)
    const { authorizeUrl } = await lab.start({ pkce: 'plain' })
    const sent = new URL(authorizeUrl).searchParams
    expect(sent.get('code_challenge_method')).toBe('plain')
    // RFC 7636 §4.2: with plain the challenge is the verifier, 43 characters.
    expect(sent.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    const visit = await lab.visit(authorizeUrl)
    expect(visit.status).toBe(302)
    const back = new URL(visit.location ?? '')
    expect(back.searchParams.get('error')).toBe('invalid_request')
    const answer = await lab.finished(back.search)
    expect(verdicts(answer.result)['no-error']).toBe('fail')
    expect(answer.result).toMatchObject({
      exchanged: false,
      actual: '302 → error=invalid_request',
    })
    expectNothingSecret(answer, back.search)
  })

  it('plain PKCE at a service that ignores PKCE (the emulator’s default, as Yuque documents none): the run completes', async () => {
    const { authorizeUrl } = await lab.start({ pkce: 'plain' })
    const answer = await lab.finished(await lab.approve(authorizeUrl))
    expect(answer.result.actual).toBe('200 token')
  })

  it('response_type=token: the service redirects back with unsupported_response_type', async () => {
    const { authorizeUrl } = await lab.start({ responseType: 'token' })
    expect(new URL(authorizeUrl).searchParams.get('response_type')).toBe('token')
    const visit = await lab.visit(authorizeUrl)
    expect(visit.status).toBe(302)
    const back = new URL(visit.location ?? '')
    const answer = await lab.finished(back.search)
    expect(answer.result).toMatchObject({
      exchanged: false,
      actual: '302 → error=unsupported_response_type',
    })
    expect(lab.tokenCalls()).toHaveLength(0)
  })

  it('PKCE off: no challenge is sent, and the check of the verifier fails', async () => {
    const { authorizeUrl } = await lab.start({ pkce: 'off' })
    expect(new URL(authorizeUrl).searchParams.has('code_challenge')).toBe(false)
    const answer = await lab.finished(await lab.approve(authorizeUrl))
    expect(verdicts(answer.result)['pkce-verifier']).toBe('fail')
    expect(answer.result.actual).toBe('200 token')
    const names = answer.result.steps[0]?.request?.params.map((field) => field.name)
    expect(names).not.toContain('code_verifier')
  })

  it('consent denied: the return carries error=access_denied, nothing is exchanged', async () => {
    const { authorizeUrl } = await lab.start()
    const answer = await lab.finished(await lab.approve(authorizeUrl, { deny: true }))
    expect(answer.result).toMatchObject({ exchanged: false, actual: '302 → error=access_denied' })
    expect(lab.tokenCalls()).toHaveLength(0)
  })
})
