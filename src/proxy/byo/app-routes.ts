/**
 * `/auth/app` and `/auth/app/token`: the browser's own app and personal token
 * (docs/decisions/0015-your-own-app.md has the contract). Behind the /auth guards like every
 * other /auth route (Host, CSRF header, Origin and JSON on writes, body limit; proxy.ts) and
 * answered `no-store`. No answer, header or log line carries a secret or a token: the state says
 * the last four characters at most (`secretHint`).
 */
import { Hono, type Context } from 'hono'
import { generateCookie } from 'hono/cookie'
import type {
  FieldCode,
  SavedApp as SavedState,
  YourAppResponse,
} from '../../protocol/your-app-api'
import { PROXY_ERROR_HEADER } from '../../protocol/playground-api'
import { notAnEndpoint, proxyError } from '../api/http-errors'
import type { AppBinding } from '../auth/app-binding'
import { connectedHintCookieName } from '../auth/session'
import { cookieCallOf, type CookieCall } from '../auth/session-cookie'
import type { ProxyContext } from '../context'
import { addTraceSecrets } from '../flow-trace'
import { parseJsonOrUndefined } from '../json-body'
import { checkAppBody, checkTokenBody, type Fields } from './app-body'
import { vaultSecrets } from './effective-app'
import { checkPersonalToken } from './personal-token'
import { offeredServices, serviceOptionsOf } from './service-choice'
import { VAULT_TTL_SECONDS, sameService, type Vault, type VaultContent } from './vault'

/** `…` and the last four characters; only `…` for a value too short to give four away. */
export function hintOf(secret: string): string {
  return secret.length >= 12 ? `…${secret.slice(-4)}` : '…'
}

/**
 * A refused body: the proxy's error shape, and `error` and `fields` as the protocol's
 * FieldErrorsBodySchema reads them (every bad field by its path, with its code).
 */
interface FieldErrors {
  status: 400
  code: 'invalid_request'
  error: 'invalid_request'
  message: string
  fields: Record<string, FieldCode>
}

function invalid(c: Context, fields: Fields): Response {
  const names = Object.keys(fields).join(', ')
  c.header(PROXY_ERROR_HEADER, 'invalid_request')
  return c.json(
    {
      status: 400,
      code: 'invalid_request',
      error: 'invalid_request',
      message: `Invalid request: check ${names}.`,
      fields,
    } satisfies FieldErrors,
    400,
  )
}

export function createAppRoutes(ctx: ProxyContext) {
  const { config, cookies } = ctx
  const { vaults } = ctx.apps
  const routes = new Hono()
  const options = serviceOptionsOf(config)
  const services = offeredServices(options)
  const hintName = connectedHintCookieName(config.isSecure)
  const hint = { path: '/', sameSite: 'Strict', secure: config.isSecure } as const

  /**
   * What the browser saw of its vault: ids, hints and the token's owner, never a secret. With
   * only a personal token saved, `app` is null.
   */
  const savedOf = (vault: Vault): SavedState => ({
    service: { ...vault.service, origin: vault.resolved.origin },
    app:
      vault.app === null
        ? null
        : {
            clientId: vault.app.clientId,
            secretHint: hintOf(vault.app.clientSecret),
            codeClient:
              vault.app.codeClient === null
                ? null
                : {
                    clientId: vault.app.codeClient.clientId,
                    secretHint: hintOf(vault.app.codeClient.clientSecret),
                  },
          },
    personalToken:
      vault.token === null
        ? null
        : {
            hint: hintOf(vault.token.value),
            login: vault.token.login,
            name: vault.token.name,
            scopes: vault.token.scopes,
          },
    expiresAt: vault.touchedAt + VAULT_TTL_SECONDS * 1000,
  })
  const stateOf = (vault: Vault | null): YourAppResponse => ({
    enabled: true,
    callbackUrl: config.redirectUri,
    services,
    current: vault === null ? null : savedOf(vault),
  })

  /** The vault of this request, its secrets noted for the trace's redaction. */
  const readVault = async (c: Context, call: CookieCall) => {
    const vault = await vaults.read(call)
    if (vault !== null) addTraceSecrets(c, ...vaultSecrets(vault))
    return vault
  }

  /** Ends the request's session when `ends` says so of it: its cookie goes, copies are refused. */
  const endSession = async (call: CookieCall, ends: (app: AppBinding | undefined) => boolean) => {
    const session = await cookies.readSession(call)
    if (session !== null && ends(session.app)) await cookies.endSession(call, session)
  }
  const setConnectedHint = (call: CookieCall, isConnected: boolean) =>
    call.setCookie(
      generateCookie(hintName, isConnected ? '1' : '', {
        ...hint,
        maxAge: isConnected ? VAULT_TTL_SECONDS : 0,
      }),
    )

  const readBody = async (c: Context) => parseJsonOrUndefined(await c.req.text())

  routes.get('/', async (c) => {
    if (config.byoApp === 'off') {
      return c.json({
        enabled: false,
        callbackUrl: config.redirectUri,
        services: [],
        current: null,
      } satisfies YourAppResponse)
    }
    return c.json(stateOf(await readVault(c, cookieCallOf(c))))
  })
  // BYO_APP=off: the writes are not endpoints at all.
  routes.use('*', async (c, next) => {
    if (config.byoApp === 'on') return next()
    const { status, code, message } = notAnEndpoint(c.req.method, c.req.path)
    return proxyError(c, status, code, message)
  })

  routes.put('/', async (c) => {
    const call = cookieCallOf(c)
    const saved = await readVault(c, call)
    const checked = checkAppBody(await readBody(c), options, saved)
    if (!checked.ok) return invalid(c, checked.fields)
    const { service, app } = checked.value
    addTraceSecrets(c, app.clientSecret, ...(app.codeClient ? [app.codeClient.clientSecret] : []))
    const isSameService = saved !== null && sameService(saved.service, service.choice)
    const content: VaultContent = {
      service: service.choice,
      app: { ...app, rev: ctx.randomBytes(16).toString('base64url') },
      token: isSameService ? saved.token : null,
    }
    // Another app: the session of the one before ends (the user connects again with this one).
    await endSession(call, () => true)
    const vault = await vaults.write(call, saved, content)
    if (saved !== null && saved.token !== null && vault.token === null) {
      setConnectedHint(call, false)
    }
    return c.json(savedOf(vault))
  })

  routes.delete('/', async (c) => {
    const call = cookieCallOf(c)
    const vault = await readVault(c, call)
    // Forget: every session made with this browser's own app ends; the operator's app is back.
    await endSession(call, (app) => app !== undefined)
    await vaults.forget(call, vault)
    if (vault !== null && vault.token !== null) setConnectedHint(call, false)
    return c.body(null, 204)
  })

  routes.put('/token', async (c) => {
    const call = cookieCallOf(c)
    const saved = await readVault(c, call)
    const checked = checkTokenBody(await readBody(c), options)
    if (!checked.ok) return invalid(c, checked.fields)
    const { service, token } = checked.value
    const answer = await checkPersonalToken(c, ctx, service, token)
    if (answer.kind === 'refused') return invalid(c, { token: 'refused' })
    if (answer.kind === 'failed') {
      const { status, code, message } = answer.refusal
      return proxyError(c, status, code, message)
    }
    const isSameService = saved !== null && sameService(saved.service, service.choice)
    const content: VaultContent = {
      service: service.choice,
      app: isSameService ? saved.app : null,
      token: { value: token, ...answer.user, savedAt: ctx.clock() },
    }
    // The token is the connection from now on: a session of an app ends.
    await endSession(call, () => true)
    await vaults.write(call, saved, content)
    setConnectedHint(call, true)
    return c.json(answer.user)
  })

  routes.delete('/token', async (c) => {
    const call = cookieCallOf(c)
    const vault = await readVault(c, call)
    if (vault !== null && vault.token !== null) {
      if ((await cookies.readSession(call)) === null) setConnectedHint(call, false)
      // A vault with neither an app nor a token is gone.
      if (vault.app === null) await vaults.forget(call, vault)
      else await vaults.write(call, vault, { service: vault.service, app: vault.app, token: null })
    }
    return c.body(null, 204)
  })

  return routes
}
