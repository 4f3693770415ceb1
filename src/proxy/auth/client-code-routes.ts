/**
 * `/auth/client-code/*`: the client-code flow (docs/service.md#client-code-flow) run inside the
 * proxy, so the secret that signs the authorize request never reaches the browser
 * (docs/security.md#j1). The browser opens `/auth/client-code/authorize`, which redirects to the
 * service's page, and polls `/auth/client-code/poll`; the 40-character code stays in a sealed
 * HttpOnly cookie.
 */
import { Hono, type Context } from 'hono'
import {
  MAX_POLL_ATTEMPTS,
  POLL_INTERVAL_MS,
  SIGNED_PARAMS,
  clientCodeBaseString,
  generateClientCode,
  signClientCode,
  type ClientCodeParams,
} from '../../protocol/client-code'
import {
  ClientCodeStartRequestSchema,
  type ClientCodePollResponse,
  type ClientCodeStartResponse,
} from '../../protocol/playground-api'
import { effectiveApp, isSameApp } from '../byo/effective-app'
import { createAttemptRecords } from './client-code-attempts'
import { throttleStart } from './client-code-throttle'
import type { ProxyContext } from '../context'
import { proxyError } from '../api/http-errors'
import { readJsonBody, requestedScope } from '../json-body'
import { POLL_NOTES, classifyPoll } from './client-code-poll'
import { CLIENT_CODE_TTL_SECONDS, openSession, type ClientCodeAttempt } from './session'
import { cookieCallOf } from './session-cookie'
import { callTokenEndpoint } from './token-endpoint'
import { addTraceSecrets, addTraceStep, clientCodeField, tokenCallStep } from '../flow-trace'

// The official helper's pace, from the protocol (docs/service.md#client-code-polling).
export { MAX_POLL_ATTEMPTS, POLL_INTERVAL_MS } from '../../protocol/client-code'

/** Shows the code's first and last four characters only: it is a bearer secret until redeemed. */
export function maskCode(code: string): string {
  return `${code.slice(0, 4)}${'•'.repeat(Math.max(0, code.length - 8))}${code.slice(-4)}`
}

export function createClientCodeRoutes(ctx: ProxyContext) {
  const { config, cookies } = ctx
  const routes = new Hono()
  const records = createAttemptRecords(ctx.store, ctx.clock)
  const expiresAt = (attempt: ClientCodeAttempt) =>
    attempt.startedAt + CLIENT_CODE_TTL_SECONDS * 1000
  /** Ends the attempt on the server (no copy of its cookie polls again) and clears the cookie. */
  const endAttempt = async (c: Context, attempt: ClientCodeAttempt) => {
    await records.end(attempt.id, expiresAt(attempt))
    cookies.clearClientCode(c)
  }

  routes.post('/start', async (c) => {
    const app = await effectiveApp(ctx, c)
    const codeClient = app.codeClient
    if (codeClient === null) {
      return proxyError(
        c,
        400,
        'bad_request',
        app.binding !== null && config.clientCodeFlow === 'on'
          ? 'Your own app has no client-code app saved, so the client-code flow is unavailable with it: add one (its client id and secret) on the Your app page (/app), or use the authorization-code flow.'
          : config.service === 'yuque'
            ? 'The client-code flow is off for this service: anyone can start one and send its consent page to a victim (RFC 8628 §5.4). To allow it, set CLIENT_CODE_FLOW=on with YUQUE_CODE_CLIENT_ID and YUQUE_CODE_CLIENT_SECRET.'
            : 'The client-code flow is off (CLIENT_CODE_FLOW=off).',
      )
    }
    const throttled = await throttleStart(ctx, c)
    if (throttled !== null) return throttled
    const body = await readJsonBody(c.req.raw, ClientCodeStartRequestSchema)
    if (!body.ok) return proxyError(c, 400, 'bad_request', body.message)
    const requested = requestedScope(body.data.scopes)
    if (!requested.ok) return proxyError(c, 400, 'bad_request', requested.message)
    const scope = requested.data
    const code = generateClientCode((bytes) => {
      bytes.set(ctx.randomBytes(bytes.length))
      return bytes
    })
    const startedAt = ctx.clock()
    const params: ClientCodeParams = {
      client_id: codeClient.clientId,
      code,
      response_type: 'code',
      scope,
      timestamp: String(startedAt),
    }
    const sign = await signClientCode(params, codeClient.clientSecret)
    const authorizeUrl = new URL('/oauth2/authorize', app.authUrl)
    for (const name of SIGNED_PARAMS) authorizeUrl.searchParams.set(name, params[name])
    authorizeUrl.searchParams.set('sign', sign)
    const attempt = {
      code,
      scope,
      authorizeUrl: authorizeUrl.href,
      startedAt,
      id: Buffer.from(ctx.randomBytes(16)).toString('base64url'),
      ...(app.binding === null ? {} : { app: app.binding }),
    }
    await records.open(attempt.id, expiresAt(attempt), MAX_POLL_ATTEMPTS)
    await cookies.writeClientCode(c, attempt)

    addTraceSecrets(c, code)
    const shown = { ...params, code: maskCode(code) }
    const baseString = clientCodeBaseString(params).replace(code, maskCode(code))
    const algorithm = `base64(HMAC-SHA1(the client credential of ${codeClient.clientId}, string))`
    addTraceStep(c, {
      kind: 'sign',
      title: 'Client-code authorize request signed',
      outcome: 'info',
      notes: [
        `Signed string (code masked): ${baseString}`,
        `sign = ${algorithm}: the credential stays in the proxy.`,
        'The browser opens /auth/client-code/authorize in a new tab; the proxy redirects it to this address, so the code never enters the page.',
      ],
      request: {
        method: 'GET',
        url: new URL('/oauth2/authorize', app.authUrl).href,
        paramsIn: 'query',
        params: [
          ...SIGNED_PARAMS.map((name) =>
            name === 'code' ? clientCodeField() : { name, value: params[name] },
          ),
          { name: 'sign', value: sign },
        ],
        headers: [],
      },
    })
    return c.json({
      authorizePath: '/auth/client-code/authorize',
      scope,
      expiresAt: new Date(startedAt + CLIENT_CODE_TTL_SECONDS * 1000).toISOString(),
      intervalMs: POLL_INTERVAL_MS,
      maxAttempts: MAX_POLL_ATTEMPTS,
      signing: {
        params: shown,
        // The string really signed, with the code masked after encoding (the mask is not URL-safe).
        baseString,
        sign,
        // Worded without the parameter's name: not even that reaches the browser
        // (docs/security.md#h1).
        algorithm,
      },
    } satisfies ClientCodeStartResponse)
  })

  // A top-level navigation in the new tab: it cannot carry the custom header, and the
  // SameSite=Strict cookie is not sent when another site starts it (proxy.ts exempts it).
  routes.get('/authorize', async (c) => {
    const attempt = await cookies.readClientCode(c)
    if (attempt === null) {
      return c.text(
        'No client-code login is in progress in this browser, or it expired. Go back to the playground and start again.',
        400,
      )
    }
    return c.redirect(attempt.authorizeUrl, 303)
  })

  // Cancel ends the attempt on the server too: the code is no longer polled or redeemable here.
  routes.post('/cancel', async (c) => {
    const attempt = await cookies.readClientCode(c)
    if (attempt === null) cookies.clearClientCode(c)
    else await endAttempt(c, attempt)
    return c.body(null, 204)
  })

  // One poll in flight per attempt: concurrent polls with one cookie make one token request.
  // The lock expires by itself after the upstream time-out if this process dies holding it.
  routes.use('/poll', async (c, next) => {
    const attempt = await cookies.readClientCode(c)
    if (attempt === null) return next()
    if (!(await records.lock(attempt.id, config.upstreamTimeoutMs + 1000))) {
      return proxyError(
        c,
        429,
        'rate_limited',
        'A poll of this client-code login is already waiting for the service: wait for its answer.',
      )
    }
    try {
      await next()
    } finally {
      await records.unlock(attempt.id)
    }
  })

  /** The attempt this browser's cookie names, while it may still be polled; else null. */
  const liveAttempt = async (c: Context) => {
    const attempt = await cookies.readClientCode(c)
    const record = attempt === null ? null : await records.read(attempt.id)
    if (attempt === null || record === null || record.ended) {
      cookies.clearClientCode(c)
      return null
    }
    return { attempt, record }
  }
  const noAttempt = (c: Context) =>
    proxyError(
      c,
      400,
      'no_client_code',
      'No client-code login is in progress in this browser (it ended, expired, or was cancelled). Start again.',
    )

  // "Keep waiting" once a budget of polls is spent: another budget for the same code, which the
  // user may still be approving in the other tab; never past the code's ten minutes.
  routes.post('/keep-waiting', async (c) => {
    const live = await liveAttempt(c)
    if (live === null) return noAttempt(c)
    const { attempt, record } = live
    if (ctx.clock() > expiresAt(attempt)) {
      await endAttempt(c, attempt)
      return noAttempt(c)
    }
    const budget = record.polls + MAX_POLL_ATTEMPTS
    await records.write(attempt.id, { ...record, budget }, expiresAt(attempt))
    return c.json({
      status: 'pending',
      attempt: record.polls,
      maxAttempts: budget,
    } satisfies ClientCodePollResponse)
  })

  routes.post('/poll', async (c) => {
    const live = await liveAttempt(c)
    if (live === null) return noAttempt(c)
    const { attempt, record } = live
    const attemptNumber = record.polls + 1
    const answer = (response: ClientCodePollResponse) => c.json(response)
    const now = ctx.clock()
    if (now > expiresAt(attempt)) await endAttempt(c, attempt)
    // A spent budget leaves the attempt open: "Keep waiting" may grant another one.
    if (record.polls >= record.budget || now > expiresAt(attempt)) {
      return answer({
        status: 'expired',
        attempt: record.polls,
        reason: `No approval after ${record.polls} polls; the code is no longer polled.`,
      })
    }
    // RFC 8628 §3.5: a client polls no faster than the interval (the official helper: 3 s).
    if (record.lastPollAt !== null && now - record.lastPollAt < POLL_INTERVAL_MS) {
      const wait = Math.ceil((record.lastPollAt + POLL_INTERVAL_MS - now) / 1000)
      c.header('Retry-After', String(wait))
      return proxyError(
        c,
        429,
        'rate_limited',
        `Polls of a client-code login must be ${POLL_INTERVAL_MS / 1000} s apart: wait ${wait} s.`,
      )
    }
    // Counted before the call, so a poll that fails or is replayed still uses up the budget.
    await records.write(
      attempt.id,
      { ...record, polls: attemptNumber, lastPollAt: now },
      expiresAt(attempt),
    )

    addTraceSecrets(c, attempt.code)
    // The app the attempt signed for, still this browser's (not saved again, nor forgotten).
    const app = await effectiveApp(ctx, c)
    if (!isSameApp(attempt.app, app.binding)) {
      await endAttempt(c, attempt)
      return proxyError(
        c,
        400,
        'app_changed',
        'Your own app was saved again or forgotten while this client-code login was under way; it ended. Start again.',
      )
    }
    // One token request per poll; the spec sends no client credential in this call.
    const call = await callTokenEndpoint(
      ctx,
      c,
      app.authUrl,
      [
        { name: 'client_id', value: app.codeClient?.clientId ?? '' },
        { name: 'code', value: attempt.code, shown: clientCodeField() },
        { name: 'grant_type', value: 'client_code' },
      ],
      'Polling goes on at the next interval.',
    )
    const pollOutcome = call.ok ? classifyPoll(call.answer) : 'failed'
    addTraceStep(
      c,
      tokenCallStep(
        {
          kind: 'poll',
          title: `Poll ${attemptNumber} of ${record.budget} at the token endpoint`,
          outcome:
            pollOutcome === 'approved'
              ? 'passed'
              : pollOutcome === 'pending'
                ? 'pending'
                : 'failed',
          notes: [
            POLL_NOTES[pollOutcome],
            'No client credential is sent in a poll (docs/service.md#client-code-flow); the code alone redeems the token.',
          ],
        },
        call,
      ),
    )
    if (!call.ok) return call.failure
    const tokenAnswer = call.answer

    if (tokenAnswer.kind === 'token') {
      await endAttempt(c, attempt)
      addTraceSecrets(c, tokenAnswer.token.access_token)
      const session = await openSession(c, ctx, tokenAnswer.token, attempt.scope, app.binding)
      ctx.events.sessionOpened('client_code')
      await ctx.apps.dropToken(cookieCallOf(c), app.vault)
      return answer({
        status: 'connected',
        attempt: attemptNumber,
        scope: session.scope,
        requestedScope: attempt.scope,
      })
    }
    if (pollOutcome === 'denied') {
      await endAttempt(c, attempt)
      return answer({ status: 'denied', attempt: attemptNumber })
    }
    if (pollOutcome === 'pending') {
      return answer({ status: 'pending', attempt: attemptNumber, maxAttempts: record.budget })
    }
    await endAttempt(c, attempt)
    if (tokenAnswer.kind === 'bad-body' && tokenAnswer.status === 200) {
      return proxyError(
        c,
        502,
        'upstream_invalid',
        'The token endpoint answered 200 without a valid bearer token response.',
      )
    }
    const code =
      tokenAnswer.kind === 'oauth-error' ? `, ${tokenAnswer.error.error.slice(0, 64)}` : ''
    return proxyError(
      c,
      502,
      'exchange_failed',
      `The token endpoint refused the client code (HTTP ${tokenAnswer.status}${code}). Start again.`,
    )
  })

  return routes
}
