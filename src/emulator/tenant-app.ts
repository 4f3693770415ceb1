/**
 * One tenant's site: the main site, or an enterprise space (docs/emulator.md#enterprise-spaces).
 * Every tenant answers the same routes through the same checks, over its own world: its `deps`
 * (model, apps, store, counters, origin) and its test control. emulator.ts builds one per tenant
 * and sends each request to the tenant its `Host` names, so the API, the OAuth endpoints and the
 * pages never ask which tenant they serve: they read the `deps` they were built with.
 */
import { Hono } from 'hono'
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { methodNotAllowed } from 'hono/method-not-allowed'
import type { HostTenant } from '../protocol/space-host'
import { requestUrl } from '../protocol/request-url'
import { createApiRoutes } from './api/api-routes'
import { guardService } from './api/service-guard'
import {
  MAX_BODY_BYTES,
  areaOf,
  hasUserAgent,
  type EmulatorDeps,
  type EmulatorEnv,
  type LogDraft,
  type SpaceOfRequest,
} from './context'
import { serveFaults } from './control/faults'
import { servePreferredStatus } from './control/prefer'
import { formatLogLine, redactQuery, type RequestLogEntry } from './control/request-log'
import { createTestControlRoutes, type EmulatorControl } from './control/test-control'
import { EmulatorError, pageError } from './emulator-error'
import type { TenantState } from './emulator-state'
import { asEmulatorError, renderError } from './errors'
import { createAuthorizeRoutes } from './oauth/authorize'
import { createSignInRoutes } from './oauth/sign-in'
import { createTokenRoutes } from './oauth/token'
import { avatarSvg } from './pages/avatars'
import { createBrowserFlow } from './pages/browser-flow'
import { createConsentRoutes } from './pages/consent'
import { setPageLocale } from './pages/page-locale'
import { setPageNonce } from './pages/page-shell'
import { createTokenSettingsRoutes } from './pages/tokens'
import type { ProfileName, ProfileRules } from './profiles'

export interface TenantAppOptions {
  deps: EmulatorDeps
  tenant: TenantState
  /** Test control acting on this tenant (reset, clock, PKCE and profile act on all). */
  control: EmulatorControl
  /** The space this app answers for; null for the main site. */
  space: SpaceOfRequest | null
  /** Whom a `Host` addresses (src/protocol/space-host.ts, over every name the emulator answers). */
  hostTenant: (host: string) => HostTenant
  /** The main site's public origin, and the spaces there are: the 421's and 404's words. */
  publicOrigin: string
  spaceHosts: readonly string[]
  /** The rules of each profile, and the profile on now. */
  rulesOf: Record<ProfileName, ProfileRules>
  profile: () => ProfileName
  testControl: boolean
  controlFrom?: readonly string[] | undefined
  log?: ((line: string) => void) | undefined
}

/** Whether the Host's verdict is this app's own tenant. */
function isOwn(verdict: HostTenant, space: SpaceOfRequest | null): boolean {
  return space === null
    ? verdict.kind === 'main'
    : verdict.kind === 'space' && verdict.label === space.label
}

export function createTenantApp(options: TenantAppOptions): Hono<EmulatorEnv> {
  const { deps, tenant, control, space, publicOrigin } = options
  const app = new Hono<EmulatorEnv>()

  // For container probes (docs/emulator.md#health): ahead of every check and of the log, so that
  // any Host (a kubelet sends the pod's address: the main site answers it), no User-Agent and no
  // token get it, and no budget is spent or log entry written.
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }))

  // First: every later step, the error renderer included, reads the request's profile rules.
  app.use('*', async (c, next) => {
    c.set('rules', options.rulesOf[options.profile()])
    c.set('space', space)
    await next()
  })

  // Outermost, so it sees the final status of every answer, faults and errors included.
  app.use('*', async (c, next) => {
    const draft: LogDraft = {
      grantType: null,
      clientId: null,
      hasClientSecret: false,
      user: null,
      tokenFingerprint: null,
      fault: false,
    }
    c.set('log', draft)
    const started = Date.now()
    await next()
    if (areaOf(c.req.path) === 'control') return
    const url = requestUrl(c.req.url)
    if (url.searchParams.has('client_secret')) draft.hasClientSecret = true
    const entry: RequestLogEntry = {
      time: new Date(deps.now()).toISOString(),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      query: redactQuery(url),
      headerNames: [...c.req.raw.headers.keys()].sort(),
      hasUserAgent: hasUserAgent(c),
      hasCookie: c.req.header('Cookie') !== undefined,
      hasClientSecret: draft.hasClientSecret,
      grantType: draft.grantType,
      clientId: draft.clientId ?? url.searchParams.get('client_id'),
      user: draft.user,
      tokenFingerprint: draft.tokenFingerprint,
      fault: draft.fault,
    }
    tenant.requestLog.add(entry)
    options.log?.(formatLogLine(entry, Date.now() - started, space?.label ?? null))
  })

  const fail = (c: Context<EmulatorEnv>, status: EmulatorError['status'], message: string) =>
    renderError(c, new EmulatorError(status, message))

  app.use('*', setPageNonce(deps.random))
  app.use('*', setPageLocale())

  // RFC 9110 §7.4: a request for another authority is misdirected (DNS rebinding: a page on
  // attacker.example resolving to 127.0.0.1 sends `Host: attacker.example`). `app.request()`
  // in tests sends no Host and is let through. The names answered are the public origin's host,
  // the loopback names of the bound port and their spaces' subdomains: none of them is a name
  // an attacker's DNS controls. A space-shaped name of no space is the service's 404: the name is
  // the service's, and no space has it (docs/emulator.md#enterprise-spaces).
  const mainHost = new URL(publicOrigin).host
  app.use('*', async (c, next) => {
    const sent = c.req.header('Host')
    if (sent === undefined) return next()
    const verdict = options.hostTenant(sent)
    if (isOwn(verdict, space)) return next()
    if (verdict.kind === 'unknown-space') {
      const known = options.spaceHosts.length === 0 ? 'none' : options.spaceHosts.join(', ')
      return fail(
        c,
        404,
        `No enterprise space "${verdict.label}" here; the spaces are: ${known}. The main site is ${publicOrigin}.`,
      )
    }
    return fail(
      c,
      421,
      `This emulator answers at ${mainHost}, not at "${sent.slice(0, 100)}". Use ${publicOrigin}.`,
    )
  })

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => fail(c, 413, `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`),
  })
  // A GET or HEAD is answered without its body ever being read (a fetch Request of either
  // method has none: start.test.ts sends one over a socket), so it has nothing to limit, as in
  // the proxy's guards (src/proxy/guards.ts). bodyLimit's first check, `c.req.raw.body`, makes
  // @hono/node-server build the whole fetch Request (an AbortController, its listeners, a copy
  // of the headers): with it, the emulator spent 198–210 µs of CPU per `GET /api/v2/user` under
  // load, without it 118–133 µs (autocannon, 10 connections, 5 s, two runs each).
  app.use('*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next),
  )

  app.use('*', serveFaults(tenant.store, options.testControl))

  app.use(
    '*',
    methodNotAllowed({
      app,
      onMethodNotAllowed: async (c, methods) => {
        const response = await fail(
          c,
          405,
          `${c.req.method} is not allowed here; use ${methods.join(' or ')}.`,
        )
        response.headers.set('Allow', methods.join(', '))
        return response
      },
    }),
  )

  app.use('*', guardService(deps))
  if (options.testControl) app.use('*', servePreferredStatus(deps))

  const flow = createBrowserFlow(deps)
  app.route('/api/v2', createApiRoutes(deps))
  app.route('/', createTokenRoutes(deps))
  app.route('/', createAuthorizeRoutes(deps, flow))
  app.route('/', createConsentRoutes(deps, flow))
  app.route('/', createSignInRoutes(deps, flow))
  app.route('/', createTokenSettingsRoutes(deps, flow))

  app.get('/avatars/:file', (c) => {
    const match = /^(.+)\.svg$/.exec(c.req.param('file'))
    const login = match?.[1]
    const owner =
      login === undefined
        ? undefined
        : (deps.directory.userByLogin(login) ?? deps.directory.groupByLogin(login))
    if (owner === undefined) throw new EmulatorError(404, 'No such avatar.')
    return c.body(avatarSvg(owner.login, owner.name), 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=3600',
    })
  })

  app.get('/', (c) => c.redirect('/settings/tokens', 302))

  if (options.testControl) {
    app.route('/__emulator', createTestControlRoutes(control, deps.origin, options.controlFrom))
  }

  app.notFound((c) =>
    renderError(
      c,
      pageError(404, (m) => m.errors.notFound),
    ),
  )

  // The one error path: handlers and guards throw EmulatorError; this renders it per area.
  app.onError((error, c) => renderError(c, asEmulatorError(error)))
  return app
}
