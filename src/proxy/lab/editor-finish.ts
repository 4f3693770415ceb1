/**
 * The flow lab's editor run, its second half: what a client does with the return to its redirect
 * URI (src/protocol/lab-api.ts, LabRunResult). It checks the return (callback-checks.ts, every
 * verdict shown), exchanges the code once when the checks that guard the exchange passed (as
 * `/auth/exchange` does, auth-routes.ts), then what the user asked for after the return:
 * - `tamper-state`: the return is checked against the state sent with its last character
 *   changed, so the client refuses it and exchanges nothing (RFC 6749 §10.12);
 * - `exchange-twice`: the same code sent again (RFC 6749 §4.1.2: refused, and a careful service
 *   revokes the token it gave for it), then `GET /user` with the first token, to show what the
 *   service did to it;
 * - `call-api`: a read that needs `repo:read` (the endpoint table, src/protocol/endpoints.ts), to
 *   show how the service refuses a token without that scope.
 * The token lives in this request only: never stored, never in a cookie, never in the answer. The
 * answer is redacted twice, as the flow inspector's trace is (trace.ts): placeholders by
 * construction, then every secret of the run removed from every string.
 */
import type { Context } from 'hono'
import { USER_ME, REPO_LIST_BY_USER } from '../../protocol/endpoint-rows-account'
import type { LabRunResult } from '../../protocol/lab-api'
import { PROXY_ERROR_HEADER } from '../../protocol/playground-api'
import { PLACEHOLDERS, type TraceStep } from '../../protocol/trace'
import { redactLabAnswer } from './lab-redaction'
import { buildUpstreamUrl, matchForwardedCall } from '../api/allow-list'
import { PASSED_HEADERS, serviceHeaders } from '../api/api-routes'
import { callTokenEndpoint, codeExchangeParams, type TokenCall } from '../auth/token-endpoint'
import type { EffectiveApp } from '../byo/effective-app'
import { configSecrets } from '../config'
import { MAX_UPSTREAM_BYTES, type ProxyContext } from '../context'
import {
  addTraceSecrets,
  addTraceStep,
  headerFields,
  pickHeaders,
  tokenCallStep,
} from '../flow-trace'
import { parseJsonOrUndefined } from '../json-body'
import { requestIdOf } from '../request-id'
import { checkCallback, tamperedState, type CallbackVerdict } from './callback-checks'
import type { LabRun } from './editor-cookies'

export const LAB_FINISH_PATH = '/auth/lab/finish'

/** The service's refusal or the client's, in the protocol's words, when no code was exchanged. */
function refusalWords(verdict: CallbackVerdict): string {
  if (verdict.error !== null) return `302 → error=${verdict.error}`
  const failed = (id: string) =>
    verdict.checks.some((check) => check.id === id && check.verdict === 'fail')
  if (failed('params-once')) return 'refused by the client: a parameter came back more than once'
  if (failed('state-sent')) return 'refused by the client: no state was sent'
  if (failed('state-returned')) return 'refused by the client: no state came back'
  if (failed('state-matches')) return 'refused by the client: state does not match'
  return 'refused by the client: no code came back'
}

/** A token call's outcome in the protocol's words: `200 token`, `400 invalid_grant`. */
function tokenWords(call: TokenCall): string {
  if (!call.ok) {
    const code = call.failure.headers.get(PROXY_ERROR_HEADER) ?? String(call.failure.status)
    return `no answer from the token endpoint (${code})`
  }
  const { answer } = call
  switch (answer.kind) {
    case 'token':
      return `${answer.status} token`
    case 'oauth-error':
      return `${answer.status} ${answer.error.error.slice(0, 64)}`
    case 'redirect':
      return `${answer.status} redirect, not followed`
    case 'bad-body':
      return `${answer.status} ${answer.problem}`
  }
}

interface ApiAnswer {
  /** null: no answer in time, or not sent (a login the endpoint table refuses in its path). */
  status: number | null
  body: unknown
  sent: boolean
}

/** One API read with the run's token, as the proxy forwards any (prime-profile.ts). */
async function callApi(
  ctx: ProxyContext,
  c: Context,
  app: EffectiveApp,
  token: string,
  call: { path: string; shown: string; notes: string[] },
  steps: TraceStep[],
): Promise<ApiAnswer> {
  const match = matchForwardedCall('GET', call.path, new URLSearchParams())
  if (!match.ok) return { status: null, body: undefined, sent: false }
  const url = buildUpstreamUrl(app.baseUrl, match.path, match.search)
  const headers = serviceHeaders(ctx.config, token, requestIdOf(c.req.raw.headers))
  const request = {
    method: 'GET' as const,
    url: url.href,
    paramsIn: 'query' as const,
    params: [],
    headers: headerFields(headers),
  }
  const title = `API call: GET ${call.shown}`
  const started = performance.now()
  let step: TraceStep
  let answer: ApiAnswer
  try {
    const response = await ctx.upstream({
      method: 'GET',
      url,
      headers,
      timeoutMs: ctx.config.upstreamTimeoutMs,
      maxBytes: MAX_UPSTREAM_BYTES,
    })
    answer = { status: response.status, body: parseJsonOrUndefined(response.body), sent: true }
    step = {
      kind: 'api',
      title,
      outcome: response.status < 300 ? 'passed' : 'failed',
      notes: call.notes,
      request,
      response: {
        status: response.status,
        durationMs: Math.round(performance.now() - started),
        headers: pickHeaders(response.headers, PASSED_HEADERS),
        fields: [],
      },
    }
  } catch {
    answer = { status: null, body: undefined, sent: true }
    step = { kind: 'api', title, outcome: 'failed', notes: ['No answer in time.'], request }
  }
  steps.push(step)
  addTraceStep(c, step)
  return answer
}

const statusWords = (answer: ApiAnswer) =>
  !answer.sent ? 'not sent' : answer.status === null ? 'no answer' : String(answer.status)

/** The login in a `GET /user` answer (`{data: {login}}`), or null. */
function loginOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('data' in body)) return null
  const { data } = body
  if (typeof data !== 'object' || data === null || !('login' in data)) return null
  return typeof data.login === 'string' ? data.login : null
}

const TOKEN_KEPT_NOTE =
  'Used by the proxy within this run only, then dropped: never stored, never in a cookie, never sent to the browser.'

/** The exchange's step, with the lab's words for what becomes of the token. */
function exchangeStep(call: TokenCall, title: string, notes: string[]): TraceStep {
  const step = tokenCallStep(
    {
      kind: 'exchange',
      title,
      outcome: call.ok && call.answer.kind === 'token' ? 'passed' : 'failed',
      notes,
    },
    call,
  )
  const { response } = step
  if (response === undefined) return step
  const fields = response.fields.map((field) =>
    field.value === PLACEHOLDERS.token ? { ...field, note: TOKEN_KEPT_NOTE } : field,
  )
  return { ...step, response: { ...response, fields } }
}

export async function finishLabRun(
  ctx: ProxyContext,
  c: Context,
  run: LabRun,
  app: EffectiveApp,
  query: URLSearchParams,
): Promise<LabRunResult> {
  const secrets = [...configSecrets(ctx.config), app.clientSecret]
  const keep = (...values: (string | null)[]) => {
    const kept = values.filter((value): value is string => value !== null && value !== '')
    secrets.push(...kept)
    addTraceSecrets(c, ...kept)
  }
  keep(run.state, run.codeVerifier, ...query.getAll('code'), ...query.getAll('state'))

  const isTampered = run.afterReturn === 'tamper-state' && run.state !== null
  const checkedState = isTampered && run.state !== null ? tamperedState(run.state) : run.state
  if (isTampered) keep(checkedState)
  const verdict = checkCallback(query, { state: checkedState, codeVerifier: run.codeVerifier })
  const checks = verdict.checks.map((check) =>
    isTampered && check.id === 'state-matches'
      ? {
          ...check,
          values: {
            ...check.values,
            tampered: 'afterReturn tamper-state: the state sent, its last character changed',
          },
        }
      : check,
  )
  const steps: TraceStep[] = []
  const code = verdict.code
  if (code === null) {
    return redactLabAnswer<LabRunResult>(
      { checks, steps, exchanged: false, actual: refusalWords(verdict) },
      LAB_FINISH_PATH,
      secrets,
    )
  }

  // One attempt only, as /auth/exchange: a code is single-use (RFC 6749 §4.1.2).
  const exchange = () =>
    callTokenEndpoint(
      ctx,
      c,
      app.authUrl,
      codeExchangeParams(app, code, run.codeVerifier),
      'The code was not retried (codes are single-use); start the run again.',
    )
  const record = (call: TokenCall, title: string, notes: string[]) => {
    // A failed call wrote its refusal's code on this answer (upstreamFailure): the run's answer is
    // a result, not that refusal.
    if (!call.ok) c.header(PROXY_ERROR_HEADER, undefined)
    const step = exchangeStep(call, title, notes)
    steps.push(step)
    addTraceStep(c, step)
  }
  const first = await exchange()
  record(first, 'Code exchanged at the token endpoint', [
    'One attempt only: a code is single-use, so the proxy never retries it.',
    TOKEN_KEPT_NOTE,
  ])
  const token = first.ok && first.answer.kind === 'token' ? first.answer.token.access_token : null
  keep(token)
  let actual = tokenWords(first)
  if (token === null)
    return redactLabAnswer<LabRunResult>(
      { checks, steps, exchanged: false, actual },
      LAB_FINISH_PATH,
      secrets,
    )

  if (run.afterReturn === 'exchange-twice') {
    const second = await exchange()
    record(second, 'The same code exchanged again', [
      'Sent again on purpose (after the return: exchange twice). A code is single-use: the service must refuse it, and should revoke the token it gave for it (RFC 6749 §4.1.2).',
    ])
    if (second.ok && second.answer.kind === 'token') keep(second.answer.token.access_token)
    const user = await callApi(
      ctx,
      c,
      app,
      token,
      {
        path: USER_ME.path,
        shown: USER_ME.path,
        notes: ['With the token of the first exchange: what did the service do to it?'],
      },
      steps,
    )
    actual = `${actual}, then ${tokenWords(second)}; GET ${USER_ME.path} with the first token: ${statusWords(user)}`
  } else if (run.afterReturn === 'call-api') {
    const user = await callApi(
      ctx,
      c,
      app,
      token,
      { path: USER_ME.path, shown: USER_ME.path, notes: ['For the login the next read names.'] },
      steps,
    )
    const login = loginOf(user.body)
    if (login === null) {
      actual = `${actual}; GET ${USER_ME.path}: ${statusWords(user)}`
    } else {
      const read = await callApi(
        ctx,
        c,
        app,
        token,
        {
          path: REPO_LIST_BY_USER.path.replace('{login}', encodeURIComponent(login)),
          shown: REPO_LIST_BY_USER.path,
          notes: [
            `Needs ${REPO_LIST_BY_USER.scope} (the endpoint table): without it the service refuses the token (docs/service.md#scope-failure-status).`,
          ],
        },
        steps,
      )
      actual = `${actual}; GET ${REPO_LIST_BY_USER.path}: ${statusWords(read)}`
    }
  }
  return redactLabAnswer<LabRunResult>(
    { checks, steps, exchanged: true, actual },
    LAB_FINISH_PATH,
    secrets,
  )
}
