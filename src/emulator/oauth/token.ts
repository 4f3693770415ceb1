/**
 * `POST /oauth2/token`: the `authorization_code` grant (docs/service.md#authorization-code-flow)
 * and the service's `client_code` grant (docs/service.md#client-code-flow). Errors use the
 * RFC 6749 §5.2 shape.
 */
import { Hono } from 'hono'
import type { Context } from 'hono'
import { clientKey } from '../../protocol/client-address'
import { CODE_INVALID_DESCRIPTION } from '../../protocol/client-code'
import { formatScopes } from '../../protocol/scopes'
import { CODE_TTL_MS, type EmulatorDeps, type EmulatorEnv } from '../context'
import { EmulatorError } from '../emulator-error'
import { NO_STORE } from '../errors'
import type { AppRegistration } from '../seed'
import { verifierProblem } from './pkce'
import { mintToken } from './mint-token'
import { safeEqual, sha256Hex } from '../secrets'
import { tooManyGuesses } from './throttle'

type Params = Map<string, string>

/** An RFC 6749 §5.2 error: rendered as `{error, error_description}` by the one onError. */
function tokenError(
  status: 400 | 401 | 429,
  error: string,
  message: string,
  headers: Record<string, string> = {},
): EmulatorError {
  return new EmulatorError(status, message, { oauthError: error, headers })
}

const invalidRequest = (message: string) => tokenError(400, 'invalid_request', message)

/** Reads the body as form or JSON; RFC 6749 §3.2: each parameter at most once. */
async function readParams(c: Context): Promise<Params> {
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase()
  const text = await c.req.text()
  const params: Params = new Map()
  if (type === 'application/x-www-form-urlencoded') {
    for (const [name, value] of new URLSearchParams(text)) {
      if (params.has(name)) throw invalidRequest(`parameter "${name}" is sent more than once`)
      params.set(name, value)
    }
    return params
  }
  if (type === 'application/json') {
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      throw invalidRequest('the request body is not valid JSON')
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw invalidRequest('the JSON body must be an object of string parameters')
    }
    for (const [name, value] of Object.entries(body)) {
      if (typeof value !== 'string') throw invalidRequest(`parameter "${name}" must be a string`)
      params.set(name, value)
    }
    return params
  }
  throw invalidRequest(
    `unsupported Content-Type ${type === undefined ? '(none)' : `"${type}"`}; send application/x-www-form-urlencoded or application/json`,
  )
}

interface ClientCredentials {
  clientId: string | null
  clientSecret: string | null
  viaBasic: boolean
}

/** RFC 6749 §2.3.1: Basic credentials are form-encoded before base64; only one method at a time. */
function readCredentials(c: Context, params: Params): ClientCredentials {
  const header = c.req.header('Authorization')
  const bodyId = params.get('client_id') ?? null
  const bodySecret = params.get('client_secret') ?? null
  if (header === undefined) return { clientId: bodyId, clientSecret: bodySecret, viaBasic: false }
  const match = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(header)
  const basicChallenge = { 'WWW-Authenticate': 'Basic realm="oauth2"' }
  const decoded = match?.[1] === undefined ? null : Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded?.indexOf(':') ?? -1
  if (decoded === null || colon < 0) {
    throw tokenError(401, 'invalid_client', 'malformed Basic Authorization header', basicChallenge)
  }
  const formDecode = (value: string) => {
    try {
      return decodeURIComponent(value.replace(/\+/g, ' '))
    } catch {
      throw tokenError(
        401,
        'invalid_client',
        'malformed Basic Authorization header',
        basicChallenge,
      )
    }
  }
  const clientId = formDecode(decoded.slice(0, colon))
  const clientSecret = formDecode(decoded.slice(colon + 1))
  if (bodySecret !== null) {
    throw invalidRequest(
      'client credentials are sent both in the Authorization header and in the body',
    )
  }
  if (bodyId !== null && bodyId !== clientId) {
    throw invalidRequest('client_id in the body differs from the one in the Authorization header')
  }
  return { clientId, clientSecret, viaBasic: true }
}

export function createTokenRoutes(deps: EmulatorDeps): Hono<EmulatorEnv> {
  const routes = new Hono<EmulatorEnv>()
  const { store } = deps

  const authenticate = (c: Context, credentials: ClientCredentials): AppRegistration => {
    const challenge: Record<string, string> = credentials.viaBasic
      ? { 'WWW-Authenticate': 'Basic realm="oauth2"' }
      : {}
    if (credentials.clientId === null) {
      throw tokenError(401, 'invalid_client', 'client_id is required', challenge)
    }
    const app = deps.apps.get(credentials.clientId)
    if (app === undefined) {
      throw tokenError(401, 'invalid_client', 'unknown client_id', challenge)
    }
    if (credentials.clientSecret === null) {
      throw tokenError(401, 'invalid_client', 'client_secret is required', challenge)
    }
    // Secret guesses are throttled per (client, address), never per client alone: a stranger's
    // wrong guesses must not lock the genuine client out (docs/security.md#s1). RFC 6749 §2.3.1
    // asks for brute-force protection; the secret's 256 bits do the rest. A success is not counted.
    const keys = [`secret:client:${app.clientId}:${clientKey(deps.clientAddress(c))}`]
    const wait = deps.guesses.blockedFor(keys, deps.now())
    if (wait !== null) {
      throw tokenError(
        429,
        'invalid_client',
        tooManyGuesses('client authentications', wait, 'for this client from this address'),
        {
          'Retry-After': String(wait),
        },
      )
    }
    if (!safeEqual(credentials.clientSecret, app.clientSecret)) {
      deps.guesses.recordFailure(keys, deps.now())
      throw tokenError(401, 'invalid_client', 'client authentication failed', challenge)
    }
    return app
  }

  const issueToken = (app: AppRegistration, userId: number, scopes: string[]) =>
    mintToken(deps, { userId, clientId: app.clientId, scopes, label: null })

  const tokenResponse = (c: Context, token: string, scopes: string[]) =>
    c.json(
      { access_token: token, token_type: 'bearer', scope: formatScopes(scopes) },
      200,
      NO_STORE,
    )

  const authorizationCodeGrant = (c: Context, params: Params, credentials: ClientCredentials) => {
    const app = authenticate(c, credentials)
    const code = params.get('code')
    if (code === undefined || code === '') throw invalidRequest('code is required')
    const record = store.authCodes.get(code)
    if (record === undefined) throw tokenError(400, 'invalid_grant', CODE_INVALID_DESCRIPTION)
    if (record.usedAt !== null) {
      // RFC 6749 §4.1.2: a replayed code revokes the tokens issued from it.
      if (record.tokenHash !== null) {
        const issued = store.tokens.get(record.tokenHash)
        if (issued !== undefined) issued.revoked = true
      }
      throw tokenError(
        400,
        'invalid_grant',
        'authorization code was already used; the token issued for it is revoked',
      )
    }
    if (record.clientId !== app.clientId) {
      throw tokenError(400, 'invalid_grant', 'authorization code was issued to another client')
    }
    if (deps.now() - record.issuedAt > CODE_TTL_MS) {
      store.authCodes.delete(code)
      throw tokenError(400, 'invalid_grant', 'authorization code has expired')
    }
    const redirectUri = params.get('redirect_uri')
    // RFC 6749 §4.1.3: when sent, it must be identical to the one the code was issued for.
    if (redirectUri !== undefined && redirectUri !== record.redirectUri) {
      throw tokenError(
        400,
        'invalid_grant',
        'redirect_uri does not match the authorization request',
      )
    }
    // Checked before the code is spent: a failed verifier does not burn the victim's code.
    const pkceProblem = verifierProblem(
      deps.pkce,
      record.codeChallenge,
      params.get('code_verifier'),
    )
    if (pkceProblem !== null) throw tokenError(400, 'invalid_grant', pkceProblem)
    const token = issueToken(app, record.userId, record.scopes)
    record.usedAt = deps.now()
    record.tokenHash = sha256Hex(token)
    return tokenResponse(c, token, record.scopes)
  }

  const clientCodeGrant = (c: Context, params: Params, credentials: ClientCredentials) => {
    // docs/service.md#client-code-flow: no client_secret in this call; the code itself is the
    // bearer secret (docs/security.md#j3).
    if (credentials.clientId === null) throw invalidRequest('client_id is required')
    const app = deps.apps.get(credentials.clientId)
    if (app === undefined) throw tokenError(401, 'invalid_client', 'unknown client_id')
    if (credentials.clientSecret !== null) authenticate(c, credentials)
    const code = params.get('code')
    if (code === undefined || code === '') throw invalidRequest('code is required')
    const record = store.clientCodes.get(code)
    const isLive =
      record !== undefined &&
      record.clientId === app.clientId &&
      deps.now() - (record.decidedAt ?? record.createdAt) <= CODE_TTL_MS
    if (record === undefined || !isLive) throw invalidRequest(CODE_INVALID_DESCRIPTION)
    if (record.status === 'denied') {
      throw tokenError(400, 'access_denied', 'the user denied the authorization request')
    }
    if (record.status !== 'approved' || record.userId === null)
      throw invalidRequest(CODE_INVALID_DESCRIPTION)
    record.status = 'redeemed'
    const token = issueToken(app, record.userId, record.grantedScopes)
    return tokenResponse(c, token, record.grantedScopes)
  }

  routes.post('/oauth2/token', async (c) => {
    // A back-channel endpoint (RFC 6749 §3.2: the client's own request, here the proxy's, from a
    // server). Browsers send Origin with every POST, a cross-site no-cors form post included, and
    // no server-side client sends it: so any page could otherwise spend the client's guesses
    // (docs/security.md#s1). Refused before anything is read or counted.
    const origin = c.req.header('Origin')
    if (origin !== undefined) {
      throw invalidRequest(
        `the token endpoint is called by the client's server, never by a browser (Origin: ${origin.slice(0, 80)}); exchange the code from your backend`,
      )
    }
    const log = c.get('log')
    const params = await readParams(c)
    log.grantType = params.get('grant_type') ?? null
    log.clientId = params.get('client_id') ?? null
    log.hasClientSecret = params.has('client_secret') || c.req.header('Authorization') !== undefined
    const credentials = readCredentials(c, params)
    log.clientId = credentials.clientId
    const grantType = params.get('grant_type')
    if (grantType === undefined || grantType === '') throw invalidRequest('grant_type is required')
    if (grantType === 'authorization_code') return authorizationCodeGrant(c, params, credentials)
    if (grantType === 'client_code') return clientCodeGrant(c, params, credentials)
    throw tokenError(
      400,
      'unsupported_grant_type',
      `grant_type "${grantType.slice(0, 40)}" is not supported; use authorization_code or client_code`,
    )
  })

  return routes
}
