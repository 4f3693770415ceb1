/**
 * Drives the emulator's real HTML pages in-process (`app.request()`, no ports): sign-in, then
 * consent, keeping the emulator's cookies and reading the forms from the returned HTML, as a
 * browser would. For tests of the emulator and of the programs that use it.
 */
import type { Hono } from 'hono'
import { parseForms, type ParsedForm } from '../protocol/html-forms'
import { TokenResponseSchema } from '../protocol/schemas'

export { parseForms }

export interface AuthorizeChoice {
  login: string
  /** Default: the demo password, `password`. */
  password?: string
  /** Scopes to leave ticked on the consent page; the others are unticked. Default: all. */
  grant?: string[]
  deny?: boolean
}

export interface PageResult {
  status: number
  location: string | null
  body: string
}

/**
 * `app` with `name: value` on every request that does not set its own `name`: what a client or a
 * browser adds by itself.
 */
function withDefaultHeader<A extends Pick<Hono, 'request'>>(
  app: A,
  name: string,
  value: string,
): A {
  const request: Hono['request'] = (input, init, ...rest) => {
    if (input instanceof Request) {
      if (input.headers.has(name)) return app.request(input, init, ...rest)
      const headers = new Headers(input.headers)
      headers.set(name, value)
      return app.request(new Request(input, { headers }), init, ...rest)
    }
    const headers = new Headers(init?.headers)
    if (!headers.has(name)) headers.set(name, value)
    return app.request(input, { ...init, headers }, ...rest)
  }
  return new Proxy(app, {
    get: (target, key, receiver) =>
      key === 'request' ? request : Reflect.get(target, key, receiver),
  })
}

/**
 * The emulator's app as clients and browsers reach it: every request carries a User-Agent unless
 * it sets its own (docs/service.md#user-agent; the emulator refuses a request without one at the
 * API and the OAuth endpoints). For tests whose subject is something else.
 */
export function withUserAgent<A extends Pick<Hono, 'request'>>(
  app: A,
  agent = 'emulator-test/1.0',
): A {
  return withDefaultHeader(app, 'User-Agent', agent)
}

/**
 * The emulator's app as a browser on `host` reaches it: every request names that `Host`, as one
 * to an enterprise space's subdomain does (docs/emulator.md#enterprise-spaces), unless it names
 * its own. `app.request()` sends no Host by itself, which the emulator takes for the main site.
 */
export function withHost<A extends Pick<Hono, 'request'>>(app: A, host: string): A {
  return withDefaultHeader(app, 'Host', host)
}

/** A minimal cookie jar for one host: enough for the emulator's session cookie. */
class CookieJar {
  private readonly cookies = new Map<string, string>()

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';')
      const eq = pair.indexOf('=')
      if (eq <= 0) continue
      const name = pair.slice(0, eq).trim()
      const isExpired = attributes.some((attr) => /^\s*max-age\s*=\s*0\s*$/i.test(attr))
      if (isExpired) this.cookies.delete(name)
      else this.cookies.set(name, pair.slice(eq + 1).trim())
    }
  }

  header(): Record<string, string> {
    if (this.cookies.size === 0) return {}
    return { Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
  }
}

function describe(response: Response, body: string): string {
  const location = response.headers.get('Location')
  const text = body
    .replace(/<style[\s\S]*?<\/style>/gi, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300)
  return `HTTP ${response.status}${location === null ? '' : ` Location: ${location}`}${text === '' ? '' : ` "${text}"`}`
}

function findForm(forms: ParsedForm[], id: string): ParsedForm | undefined {
  return forms.find((form) => form.id === id)
}

function encode(fields: [string, string][]): string {
  return new URLSearchParams(fields).toString()
}

/**
 * Opens a page that shows the sign-in form (by default the token settings) and returns what a
 * browser keeps for posting it: the sign-in CSRF cookie and the form's hidden fields.
 */
export async function openSignIn(
  app: Hono,
  path = '/settings/tokens',
): Promise<{ cookie: string; hidden: [string, string][]; html: string }> {
  const response = await app.request(path)
  const html = await response.text()
  const cookie = (response.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
  const form = findForm(parseForms(html), 'sign-in')
  const hidden = (form?.fields ?? [])
    .filter((field) => field.type === 'hidden')
    .map((field): [string, string] => [field.name, field.value])
  return { cookie, hidden, html }
}

/**
 * Opens `authorizeUrl`, signs in as `choice.login`, and approves (or denies) on the consent page.
 * Returns the consent POST's answer: a 303 with Location for the authorization-code flow, the
 * "you may return to the app" page for the client-code flow. Throws when a page is not the one
 * a browser would see at that step.
 */
export async function authorizeThroughPages(
  app: Hono,
  authorizeUrl: string,
  choice: AuthorizeChoice,
): Promise<PageResult> {
  const jar = new CookieJar()
  const base = new URL(authorizeUrl, 'http://127.0.0.1:4010')
  const request = async (path: string, init: RequestInit = {}) => {
    const url = new URL(path, base).toString()
    const response = await app.request(url, {
      ...init,
      headers: { 'User-Agent': 'authorizeThroughPages', ...jar.header(), ...init.headers },
    })
    jar.store(response)
    return { response, body: await response.text() }
  }
  const post = (action: string, fields: [string, string][]) =>
    request(action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: encode(fields),
    })

  const authorize = await request(base.toString())
  const signInForm =
    authorize.response.status === 200 ? findForm(parseForms(authorize.body), 'sign-in') : undefined
  if (signInForm === undefined) {
    throw new Error(
      `authorizeThroughPages: expected the sign-in page after opening the authorize URL, got ${describe(authorize.response, authorize.body)}`,
    )
  }
  const hidden = signInForm.fields
    .filter((field) => field.type === 'hidden')
    .map((field): [string, string] => [field.name, field.value])
  const signIn = await post(signInForm.action, [
    ...hidden,
    ['login', choice.login],
    ['password', choice.password ?? 'password'],
  ])
  const consentLocation = signIn.response.headers.get('Location')
  if (signIn.response.status !== 303 || consentLocation === null) {
    throw new Error(
      `authorizeThroughPages: expected sign-in as "${choice.login}" to answer 303 to the consent page, got ${describe(signIn.response, signIn.body)}`,
    )
  }
  const consent = await request(consentLocation)
  const consentForm =
    consent.response.status === 200 ? findForm(parseForms(consent.body), 'consent') : undefined
  if (consentForm === undefined) {
    throw new Error(
      `authorizeThroughPages: expected the consent page, got ${describe(consent.response, consent.body)}`,
    )
  }
  const offered = consentForm.fields.filter((f) => f.type === 'checkbox' && f.name === 'scope')
  const grant = choice.grant ?? offered.filter((f) => f.checked).map((f) => f.value)
  const notOffered = grant.filter((scope) => !offered.some((field) => field.value === scope))
  if (notOffered.length > 0) {
    throw new Error(
      `authorizeThroughPages: the consent page does not offer ${notOffered.map((s) => `"${s}"`).join(', ')}; it offers ${offered.map((f) => `"${f.value}"`).join(', ') || 'no scope'}`,
    )
  }
  const decision = choice.deny === true ? 'deny' : 'approve'
  const button = consentForm.buttons.find((b) => b.name === 'decision' && b.value === decision)
  if (button === undefined) {
    throw new Error(`authorizeThroughPages: the consent page has no "${decision}" button`)
  }
  const hiddenConsent = consentForm.fields
    .filter((field) => field.type === 'hidden')
    .map((field): [string, string] => [field.name, field.value])
  const result = await post(consentForm.action, [
    ...hiddenConsent,
    ...grant.map((scope): [string, string] => ['scope', scope]),
    [button.name, button.value],
  ])
  return {
    status: result.response.status,
    location: result.response.headers.get('Location'),
    body: result.body,
  }
}

/**
 * `POST /oauth2/token` with the authorization-code grant for the playground's web app, as its
 * proxy sends it; `extra` adds or replaces fields (a `code_verifier`, another secret).
 */
export function redeemCode(
  app: Hono,
  code: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  return Promise.resolve(
    app.request('/oauth2/token', {
      method: 'POST',
      // The User-Agent the proxy sends: the observed profile refuses a token call without one.
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'User-Agent': 'yuque-oauth-playground/test',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'playground-web',
        client_secret: 'playground-web-secret',
        code,
        ...extra,
      }).toString(),
    }),
  )
}

/**
 * A token of the playground's web app as a user gets it: `login` signs in and approves `scope`
 * on the pages, then the code is redeemed at the token endpoint.
 */
export async function tokenThroughPages(app: Hono, login: string, scope: string): Promise<string> {
  const params = new URLSearchParams({ client_id: 'playground-web', response_type: 'code', scope })
  const page = await authorizeThroughPages(app, `/oauth2/authorize?${params.toString()}`, {
    login,
  })
  const response = await redeemCode(
    app,
    new URL(page.location ?? '').searchParams.get('code') ?? '',
  )
  return TokenResponseSchema.parse(await response.json()).access_token
}
