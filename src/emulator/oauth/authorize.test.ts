import { describe, expect, it } from 'vitest'
import { signClientCode } from '../../protocol/client-code'
import { createEmulator, type EmulatorOptions } from '../emulator'
import { seedApps } from '../seed'
import {
  authorizeThroughPages,
  openSignIn,
  parseForms,
  withUserAgent,
} from '../../testing/emulator-pages'

const START = Date.parse('2025-01-15T10:00:00.000Z')
const REDIRECT = 'http://localhost:5173/callback'

function setup(options: EmulatorOptions = {}) {
  let time = START
  const emulator = createEmulator({ clock: () => time, ...options })
  return {
    ...emulator,
    app: withUserAgent(emulator.app),
    advance: (ms: number) => (time += ms),
    now: () => time,
  }
}

type App = ReturnType<typeof setup>['app']

const authorizePath = (params: Record<string, string>) =>
  `/oauth2/authorize?${new URLSearchParams(params).toString()}`

const webParams = (extra: Record<string, string> = {}) => ({
  client_id: 'playground-web',
  redirect_uri: REDIRECT,
  response_type: 'code',
  scope: 'doc',
  state: 's-1',
  ...extra,
})

/** `GET /oauth2/authorize` with these parameters. */
const getAuthorize = (app: App, params: Record<string, string>) =>
  app.request(authorizePath(params))

/** The web app's authorize request; `extra` adds or replaces parameters. */
const webAuthorize = (app: App, extra: Record<string, string> = {}) =>
  getAuthorize(app, webParams(extra))

const form = (fields: [string, string][], cookie?: string) => ({
  method: 'POST',
  headers: {
    'Content-Type': 'application/x-www-form-urlencoded',
    ...(cookie === undefined ? {} : { Cookie: cookie }),
  },
  body: new URLSearchParams(fields).toString(),
})

type SignInForm = Awaited<ReturnType<typeof openSignIn>>

/** Posts the sign-in form opened by `openSignIn`, with its CSRF cookie and hidden fields. */
const postSignIn = (app: App, signIn: SignInForm, login: string, password = 'password') =>
  app.request(
    '/session',
    form([...signIn.hidden, ['login', login], ['password', password]], signIn.cookie),
  )

interface Decision {
  request: string
  /** Absent: the form is posted without its CSRF token. */
  csrf?: string
  decision: string
  scope?: string[]
  /** The sign-in session cookie; absent: posted without one. */
  cookie?: string
}

/** Posts the consent form as a browser would, or tampered as a test says. */
function postDecision(app: App, { request, csrf, decision, scope = [], cookie }: Decision) {
  const fields: [string, string][] = [['request', request]]
  if (csrf !== undefined) fields.push(['csrf', csrf])
  fields.push(['decision', decision], ...scope.map((name): [string, string] => ['scope', name]))
  return app.request('/oauth2/authorize/decision', form(fields, cookie))
}

/** Posts the consent page's "sign out" form. */
const postSignOut = (
  app: App,
  { request, csrf, cookie }: Required<Omit<Decision, 'decision' | 'scope'>>,
) =>
  app.request(
    '/session/end',
    form(
      [
        ['csrf', csrf],
        ['request', request],
      ],
      cookie,
    ),
  )

/** A page that refuses: its status, no redirect, and the text that says why. */
async function expectPage(response: Response, status: number, text: string) {
  expect(response.status).toBe(status)
  expect(response.headers.get('Location')).toBeNull()
  expect(await response.text()).toContain(text)
}

/** Where a redirect leads, as a URL. */
const redirectOf = (response: Response) => new URL(response.headers.get('Location') ?? '')

/** Signs in through the sign-in form; returns the session cookie and the consent form fields. */
async function signInToConsent(app: App, path: string, login = 'alice') {
  const signIn = await openSignIn(app, path)
  const request = signIn.hidden.find(([name]) => name === 'request')?.[1] ?? ''
  const response = await postSignIn(app, signIn, login)
  const cookie = (response.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
  const consentPage = await app.request(response.headers.get('Location') ?? '', {
    headers: { Cookie: cookie },
  })
  const consentHtml = await consentPage.text()
  const consent = parseForms(consentHtml).find((f) => f.id === 'consent')
  const csrf = consent?.fields.find((f) => f.name === 'csrf')?.value ?? ''
  return { cookie, request, csrf, consentPage, consentHtml }
}

async function clientCodeParams(now: number, overrides: Record<string, string> = {}) {
  const params = {
    client_id: 'playground-cli',
    code: 'Q1w2e3r4t5y6u7i8o9p0Q1w2e3r4t5y6u7i8o9p0',
    response_type: 'code',
    scope: 'doc:read',
    timestamp: String(now),
    ...overrides,
  }
  return { ...params, sign: await signClientCode(params, 'playground-cli-secret') }
}

describe('GET /oauth2/authorize refuses without redirecting', () => {
  it('shows a 400 page for an unknown client_id', async () => {
    const { app } = setup()
    const response = await webAuthorize(app, { client_id: 'nope' })
    await expectPage(response, 400, 'No app is registered with client_id')
  })

  it('shows a 400 page when client_id is missing', async () => {
    const { app } = setup()
    const response = await getAuthorize(app, { response_type: 'code' })
    await expectPage(response, 400, 'Missing client_id')
  })

  it.each([
    'http://localhost:5173/callback/',
    'http://LOCALHOST:5173/callback',
    'http://localhost:5173/Callback',
    'http://localhost:80/callback',
    'http://localhost:5173:80/callback',
    'https://localhost:5173/callback',
    'http://localhost:5173/callback?x=1',
    'http://localhost:5173/callback#frag',
    'http://localhost:5173/callback/../callback',
    'http://localhost:5173/%63allback',
    'http://localhost.evil.test:5173/callback',
    'http://evil.test/callback',
    '//evil.test/callback',
    '',
  ])('shows a 400 page for the unregistered redirect_uri %j (exact match)', async (uri) => {
    const { app } = setup()
    const response = await webAuthorize(app, { redirect_uri: uri })
    await expectPage(response, 400, 'Redirect URI mismatch')
  })

  it('shows a 400 page when an app without redirect URIs omits redirect_uri', async () => {
    const { app } = setup()
    const response = await getAuthorize(app, {
      client_id: 'playground-cli',
      response_type: 'code',
      scope: 'doc',
    })
    await expectPage(response, 400, 'client-code flow')
  })

  it.each(['state', 'client_id', 'redirect_uri', 'scope', 'response_type', 'code'])(
    'shows a 400 page when %s appears twice',
    async (name) => {
      const { app } = setup()
      // `code` is not among the base parameters, so it is sent twice here.
      const extra = name === 'code' ? `&code=one&code=two` : `&${name}=again`
      const response = await app.request(`${authorizePath(webParams())}${extra}`)
      await expectPage(response, 400, `parameter &quot;${name}&quot; appears more than once`)
    },
  )
})

describe('GET /oauth2/authorize with several registered redirect URIs', () => {
  const twoCallbacks = () => {
    const [web] = seedApps()
    return setup({
      apps: [{ ...web!, redirectUris: [REDIRECT, 'http://localhost:5174/callback'] }],
    })
  }

  it('shows a 400 page when redirect_uri is omitted', async () => {
    const { app } = twoCallbacks()
    const { redirect_uri: _omit, ...params } = webParams()
    await expectPage(await getAuthorize(app, params), 400, 'Missing redirect_uri')
  })

  it('accepts each registered URI exactly', async () => {
    const { app } = twoCallbacks()
    const response = await webAuthorize(app, { redirect_uri: 'http://localhost:5174/callback' })
    expect(response.status).toBe(200)
  })
})

describe('GET /oauth2/authorize redirects errors back once the client is trusted', () => {
  it('answers unsupported_response_type for response_type=token, keeping state', async () => {
    const { app } = setup()
    const response = await webAuthorize(app, { response_type: 'token' })
    expect(response.status).toBe(302)
    const location = redirectOf(response)
    expect(location.origin + location.pathname).toBe(REDIRECT)
    expect(location.searchParams.get('error')).toBe('unsupported_response_type')
    expect(location.searchParams.get('state')).toBe('s-1')
  })

  it('answers invalid_request when response_type is missing', async () => {
    const { app } = setup()
    const { response_type: _omit, ...params } = webParams()
    const location = redirectOf(await getAuthorize(app, params))
    expect(location.searchParams.get('error')).toBe('invalid_request')
  })

  it('answers invalid_scope naming an unknown scope', async () => {
    const { app } = setup()
    const location = redirectOf(await webAuthorize(app, { scope: 'doc,wiki' }))
    expect(location.searchParams.get('error')).toBe('invalid_scope')
    expect(location.searchParams.get('error_description')).toContain('"wiki"')
    expect(location.searchParams.get('state')).toBe('s-1')
  })

  it('answers invalid_scope for attach_upload, which no seeded app may have', async () => {
    const { app } = setup()
    const location = redirectOf(await webAuthorize(app, { scope: 'doc,attach_upload' }))
    expect(location.searchParams.get('error')).toBe('invalid_scope')
    expect(location.searchParams.get('error_description')).toContain('attach_upload')
  })

  it('offers attach_upload when the app registration enables it', async () => {
    const [web] = seedApps()
    const { app } = setup({
      apps: [{ ...web!, allowedScopes: ['doc', 'repo', 'attach_upload'] }],
    })
    const result = await authorizeThroughPages(
      app,
      authorizePath(webParams({ scope: 'attach_upload' })),
      { login: 'alice' },
    )
    expect(result.status).toBe(303)
  })

  it('uses the single registered redirect URI when redirect_uri is omitted', async () => {
    const { app } = setup()
    const { redirect_uri: _omit, ...params } = webParams({ response_type: 'token' })
    const response = await getAuthorize(app, params)
    expect(response.headers.get('Location')).toMatch(/^http:\/\/localhost:5173\/callback\?/)
  })

  it('redirects to the registered callback of a configured app origin', async () => {
    const { app } = setup({ apps: seedApps({ webRedirectUri: 'http://localhost:9100/callback' }) })
    const result = await authorizeThroughPages(
      app,
      authorizePath(webParams({ redirect_uri: 'http://localhost:9100/callback' })),
      { login: 'alice' },
    )
    expect(result.location).toMatch(/^http:\/\/localhost:9100\/callback\?code=/)
  })
})

describe('the client-code variant of /oauth2/authorize', () => {
  /** The CLI app's signed authorize request, `overrides` applied before signing. */
  const clientCodeAuthorize = async (
    app: App,
    now: number,
    overrides: Record<string, string> = {},
  ) => getAuthorize(app, await clientCodeParams(now, overrides))

  it('shows a 400 page for a response_type other than code', async () => {
    const { app, now } = setup()
    const response = await clientCodeAuthorize(app, now(), { response_type: 'token' })
    await expectPage(response, 400, 'Unsupported response_type')
  })

  it('shows a 400 page for a bad signature', async () => {
    const { app, now } = setup()
    const params = await clientCodeParams(now())
    const response = await getAuthorize(app, { ...params, sign: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=' })
    await expectPage(response, 400, 'Invalid signature')
  })

  it('shows a 400 page when the scope was changed after signing', async () => {
    const { app, now } = setup()
    const params = await clientCodeParams(now())
    const response = await getAuthorize(app, { ...params, scope: 'doc' })
    await expectPage(response, 400, 'Invalid signature')
  })

  it('shows a 400 page for a signature signed with another secret', async () => {
    const { app, now } = setup()
    const { sign: _drop, ...unsigned } = await clientCodeParams(now())
    const sign = await signClientCode(unsigned, 'playground-web-secret')
    const response = await getAuthorize(app, { ...unsigned, sign })
    await expectPage(response, 400, 'Invalid signature')
  })

  it('shows a 400 page when sign is missing', async () => {
    const { app, now } = setup()
    const { sign: _drop, ...params } = await clientCodeParams(now())
    await expectPage(await getAuthorize(app, params), 400, 'Missing signature')
  })

  it('says that a "+" was not URL-encoded when the sign holds a space', async () => {
    const { app, now } = setup()
    const params = await clientCodeParams(now())
    const path = authorizePath(params).replace(/sign=[^&]*/, 'sign=ab+cd')
    await expectPage(await app.request(path), 400, 'was not URL-encoded')
  })

  it.each([
    ['11 minutes in the past', -11 * 60_000],
    ['11 minutes in the future', 11 * 60_000],
  ])('shows a 400 page for a timestamp %s', async (_label, skew) => {
    const { app, now } = setup()
    await expectPage(await clientCodeAuthorize(app, now() + skew), 400, 'Stale timestamp')
  })

  it('accepts a timestamp 9 minutes off', async () => {
    const { app, now } = setup()
    const response = await clientCodeAuthorize(app, now() - 9 * 60_000)
    expect(response.status).toBe(200)
  })

  it.each(['1.5e12', 'yesterday', ''])(
    'shows a 400 page for the malformed timestamp %j',
    async (timestamp) => {
      const { app, now } = setup()
      const response = await clientCodeAuthorize(app, now(), { timestamp })
      await expectPage(response, 400, 'Malformed timestamp')
    },
  )

  it.each([
    ['39 characters', 'Q1w2e3r4t5y6u7i8o9p0Q1w2e3r4t5y6u7i8o9p'],
    ['41 characters', 'Q1w2e3r4t5y6u7i8o9p0Q1w2e3r4t5y6u7i8o9p0X'],
    ['a non-alphanumeric character', 'Q1w2e3r4t5y6u7i8o9p0Q1w2e3r4t5y6u7i8o9p-'],
    ['a non-ASCII letter', 'Q1w2e3r4t5y6u7i8o9p0Q1w2e3r4t5y6u7i8o9pé'],
  ])('shows a 400 page for a code with %s', async (_label, code) => {
    const { app, now } = setup()
    await expectPage(await clientCodeAuthorize(app, now(), { code }), 400, 'Malformed code')
  })

  it('shows a 400 page for a code that was already used', async () => {
    const { app, now } = setup()
    const params = await clientCodeParams(now())
    const first = await authorizeThroughPages(app, authorizePath(params), { login: 'alice' })
    expect(first.status).toBe(200)
    await expectPage(await clientCodeAuthorize(app, now()), 400, 'Code already used')
  })

  it('shows a 400 page when another client presents a pending code', async () => {
    const { app, now } = setup()
    await clientCodeAuthorize(app, now())
    const params = {
      client_id: 'playground-web',
      code: 'Q1w2e3r4t5y6u7i8o9p0Q1w2e3r4t5y6u7i8o9p0',
      response_type: 'code',
      scope: 'doc:read',
      timestamp: String(now()),
    }
    const sign = await signClientCode(params, 'playground-web-secret')
    await expectPage(await getAuthorize(app, { ...params, sign }), 400, 'Code already used')
  })

  it('shows a 400 page for an unknown scope even with a valid signature', async () => {
    const { app, now } = setup()
    const response = await clientCodeAuthorize(app, now(), { scope: 'doc,wiki' })
    await expectPage(response, 400, 'Unknown scope')
  })

  it('shows a 400 page for attach_upload, not enabled for the CLI app', async () => {
    const { app, now } = setup()
    const response = await clientCodeAuthorize(app, now(), { scope: 'attach_upload' })
    await expectPage(response, 400, 'Scope not enabled')
  })

  it('accepts a reload of the same pending request', async () => {
    const { app, now } = setup()
    const params = await clientCodeParams(now())
    expect((await getAuthorize(app, params)).status).toBe(200)
    expect((await getAuthorize(app, params)).status).toBe(200)
  })
})

describe('the sign-in form', () => {
  it('re-shows the form with 401 for a wrong password, without a session cookie', async () => {
    const { app } = setup()
    const signIn = await openSignIn(app, authorizePath(webParams()))
    const response = await postSignIn(app, signIn, 'alice', 'wrong')
    expect(response.headers.get('Set-Cookie')).toBeNull()
    await expectPage(response, 401, 'Incorrect login or password')
  })

  it('refuses an unknown login the same way', async () => {
    const { app } = setup()
    const response = await postSignIn(app, await openSignIn(app), 'mallory')
    expect(response.headers.get('Set-Cookie')).toBeNull()
    await expectPage(response, 401, 'Incorrect login or password')
  })

  it('refuses a form that is not url-encoded', async () => {
    const { app } = setup()
    const response = await app.request('/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: 'alice', password: 'password' }),
    })
    expect(response.headers.get('Content-Type')).toContain('text/html')
    await expectPage(response, 400, 'must be sent as application/x-www-form-urlencoded')
  })

  it('has inputs labelled Login and Password and one-click demo users', async () => {
    const { app } = setup()
    const html = await (await webAuthorize(app)).text()
    expect(html).toMatch(/<label[^>]*for="login"[^>]*>Login<\/label>/)
    expect(html).toMatch(/<label[^>]*for="password"[^>]*>Password<\/label>/)
    const demoForms = parseForms(html).filter((f) => f.id === null && f.action === '/session')
    expect(demoForms.map((f) => f.fields.find((x) => x.name === 'login')?.value)).toEqual([
      'alice',
      'bob',
      'wangxiaoming',
      'carol',
    ])
  })

  it('sets an HttpOnly SameSite=Lax session cookie and answers 303', async () => {
    const { app } = setup()
    const response = await postSignIn(app, await openSignIn(app), 'alice')
    expect(response.status).toBe(303)
    const cookie = response.headers.get('Set-Cookie') ?? ''
    expect(cookie).toMatch(/^emu_session=/)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).toContain('Path=/')
  })
})

describe('the consent decision', () => {
  const BAD_TOKEN = 'The consent form’s security token is missing or wrong.'

  it('refuses a POST without the CSRF token with a 403 page', async () => {
    const { app } = setup()
    const { cookie, request } = await signInToConsent(app, authorizePath(webParams()))
    const response = await postDecision(app, {
      cookie,
      request,
      decision: 'approve',
      scope: ['doc'],
    })
    await expectPage(response, 403, BAD_TOKEN)
  })

  it('refuses a POST with a wrong CSRF token with a 403 page', async () => {
    const { app } = setup()
    const { cookie, request, csrf } = await signInToConsent(app, authorizePath(webParams()))
    const forged = `${csrf.slice(0, -1)}${csrf.endsWith('x') ? 'y' : 'x'}`
    const response = await postDecision(app, { cookie, request, csrf: forged, decision: 'approve' })
    await expectPage(response, 403, BAD_TOKEN)
  })

  it('refuses a CSRF token of another session', async () => {
    const { app } = setup()
    const first = await signInToConsent(app, authorizePath(webParams()))
    const second = await signInToConsent(app, authorizePath(webParams()), 'bob')
    const response = await postDecision(app, {
      cookie: second.cookie,
      request: second.request,
      csrf: first.csrf,
      decision: 'approve',
    })
    await expectPage(response, 403, BAD_TOKEN)
  })

  it('refuses a POST without a sign-in session with a 403 page', async () => {
    const { app } = setup()
    const { request, csrf } = await signInToConsent(app, authorizePath(webParams()))
    const response = await postDecision(app, { request, csrf, decision: 'approve' })
    await expectPage(response, 403, 'You are not signed in, or your sign-in session has ended.')
  })

  it('refuses a scope that was not requested (a tampered form cannot widen the grant)', async () => {
    const { app } = setup()
    const { cookie, request, csrf } = await signInToConsent(app, authorizePath(webParams()))
    const response = await postDecision(app, {
      cookie,
      request,
      csrf,
      decision: 'approve',
      scope: ['doc', 'group'],
    })
    await expectPage(response, 400, 'The scope &quot;group&quot; was not requested')
  })

  it('refuses a decision other than approve or deny', async () => {
    const { app } = setup()
    const { cookie, request, csrf } = await signInToConsent(app, authorizePath(webParams()))
    const response = await postDecision(app, { cookie, request, csrf, decision: 'maybe' })
    await expectPage(response, 400, 'The decision must be &quot;approve&quot; or &quot;deny&quot;.')
  })

  it('asks to sign in again once the 12-hour sign-in session has ended', async () => {
    const { app, advance } = setup()
    const { cookie } = await signInToConsent(app, authorizePath(webParams()))
    advance(12 * 60 * 60_000 + 1)
    const page = await app.request(authorizePath(webParams()), { headers: { Cookie: cookie } })
    expect(parseForms(await page.text()).some((f) => f.id === 'sign-in')).toBe(true)
  })

  it('refuses to answer the same request twice', async () => {
    const { app } = setup()
    const consent = await signInToConsent(app, authorizePath(webParams()))
    const decide = () => postDecision(app, { ...consent, decision: 'approve', scope: ['doc'] })
    expect((await decide()).status).toBe(303)
    await expectPage(await decide(), 400, 'has expired or was already answered')
  })

  it('refuses a pending request older than 10 minutes', async () => {
    const { app, advance } = setup()
    const { cookie, request, csrf } = await signInToConsent(app, authorizePath(webParams()))
    advance(10 * 60_000 + 1)
    const response = await postDecision(app, { cookie, request, csrf, decision: 'approve' })
    await expectPage(response, 400, 'expired')
  })

  it('answers Deny with 303 to error=access_denied and the state', async () => {
    const { app } = setup()
    const result = await authorizeThroughPages(app, authorizePath(webParams()), {
      login: 'alice',
      deny: true,
    })
    expect(result.status).toBe(303)
    const location = new URL(result.location ?? '')
    expect(location.searchParams.get('error')).toBe('access_denied')
    expect(location.searchParams.get('state')).toBe('s-1')
    expect(location.searchParams.has('code')).toBe(false)
  })

  it('answers Authorize with 303 (never 307) to the redirect URI with code and state', async () => {
    const { app } = setup()
    const result = await authorizeThroughPages(
      app,
      authorizePath(webParams({ state: 'a b+c/é' })),
      { login: 'alice' },
    )
    expect(result.status).toBe(303)
    const location = new URL(result.location ?? '')
    expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(location.searchParams.get('state')).toBe('a b+c/é')
  })

  it('omits state from the redirect when the request had none', async () => {
    const { app } = setup()
    const { state: _omit, ...params } = webParams()
    const result = await authorizeThroughPages(app, authorizePath(params), { login: 'alice' })
    expect(new URL(result.location ?? '').searchParams.has('state')).toBe(false)
  })
})

describe('the consent page', () => {
  it('names the app and lists each requested scope, checked, with its meaning', async () => {
    const { app } = setup()
    const { consentHtml: html } = await signInToConsent(
      app,
      authorizePath(webParams({ scope: 'doc,doc:read,repo:read' })),
    )
    expect(html).toContain('Authorize Yuque OAuth Playground')
    expect(html).toContain('Read and modify documents')
    expect(html).toContain('Read repositories')
    const consent = parseForms(html).find((f) => f.id === 'consent')
    const boxes = consent?.fields.filter((f) => f.type === 'checkbox')
    expect(boxes?.map((b) => [b.value, b.checked])).toEqual([
      ['doc', true],
      ['repo:read', true],
    ])
    expect(consent?.buttons.map((b) => b.text)).toEqual(['Deny', 'Authorize'])
  })

  it('ships its stylesheet unescaped, under the CSP nonce', async () => {
    const { app } = setup()
    const response = await webAuthorize(app)
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1]
    const html = await response.text()
    const style = /<style nonce="([^"]+)">([\s\S]*?)<\/style>/.exec(html)
    expect(style?.[1]).toBe(nonce)
    expect(style?.[2]).toContain('"Segoe UI"')
    expect(style?.[2]).not.toContain('&quot;')
    expect(html).not.toContain('<script')
  })

  it('says the app gets read-only public access when no scope is requested', async () => {
    const { app } = setup()
    const { consentHtml } = await signInToConsent(app, authorizePath(webParams({ scope: '' })))
    expect(consentHtml).toContain('read-only access to public information')
  })

  it('carries the clickjacking and caching headers, and allows the redirect origin in form-action', async () => {
    const { app } = setup()
    const { consentPage } = await signInToConsent(app, authorizePath(webParams()))
    const csp = consentPage.headers.get('Content-Security-Policy') ?? ''
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("form-action 'self' http://localhost:5173")
    expect(csp).not.toContain('script-src')
    expect(csp).toMatch(/style-src 'nonce-[A-Za-z0-9_-]+'/)
    expect(consentPage.headers.get('X-Frame-Options')).toBe('DENY')
    expect(consentPage.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(consentPage.headers.get('Referrer-Policy')).toBe('no-referrer')
    expect(consentPage.headers.get('Cache-Control')).toBe('no-store')
    expect(consentPage.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })

  it('puts the same security headers on the sign-in page and error pages', async () => {
    const { app } = setup()
    for (const path of [authorizePath(webParams()), authorizePath(webParams({ client_id: 'x' }))]) {
      const response = await app.request(path)
      expect(response.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'")
      expect(response.headers.get('X-Frame-Options')).toBe('DENY')
      expect(response.headers.get('Cache-Control')).toBe('no-store')
      expect(response.headers.get('Referrer-Policy')).toBe('no-referrer')
    }
  })

  it('escapes untrusted input on error pages', async () => {
    const { app } = setup()
    const response = await webAuthorize(app, { client_id: '<script>x</script>' })
    const html = await response.text()
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;')
  })

  it('refuses to sign out with a wrong CSRF token', async () => {
    const { app } = setup()
    const { cookie, request } = await signInToConsent(app, authorizePath(webParams()))
    const response = await postSignOut(app, { cookie, request, csrf: 'forged' })
    expect(response.headers.get('Set-Cookie')).toBeNull()
    await expectPage(response, 403, 'The form’s security token is missing or wrong.')
  })

  it('lets the user sign out and sign in as someone else', async () => {
    const { app } = setup()
    const { cookie, request, csrf } = await signInToConsent(app, authorizePath(webParams()))
    const response = await postSignOut(app, { cookie, request, csrf })
    expect(response.status).toBe(303)
    expect(response.headers.get('Set-Cookie')).toMatch(/emu_session=;.*Max-Age=0/)
    const after = await app.request(response.headers.get('Location') ?? '', {
      headers: { Cookie: cookie },
    })
    expect(parseForms(await after.text()).some((f) => f.id === 'sign-in')).toBe(true)
  })
})

describe('authorizeThroughPages', () => {
  it('throws a clear error when the authorize URL does not lead to the sign-in page', async () => {
    const { app } = setup()
    await expect(
      authorizeThroughPages(app, authorizePath(webParams({ client_id: 'nope' })), {
        login: 'alice',
      }),
    ).rejects.toThrow(/expected the sign-in page.*HTTP 400.*No app is registered/)
  })

  it('throws a clear error for a wrong password', async () => {
    const { app } = setup()
    await expect(
      authorizeThroughPages(app, authorizePath(webParams()), { login: 'alice', password: 'x' }),
    ).rejects.toThrow(/sign-in as "alice".*HTTP 401/)
  })

  it('throws when asked to grant a scope the page does not offer', async () => {
    const { app } = setup()
    await expect(
      authorizeThroughPages(app, authorizePath(webParams()), { login: 'alice', grant: ['repo'] }),
    ).rejects.toThrow(/does not offer "repo"/)
  })
})
