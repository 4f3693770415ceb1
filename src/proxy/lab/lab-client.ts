/**
 * The client a flow lab run plays (docs/architecture.md#the-flow-labs-scenarios): the same
 * protocol steps as the playground's own login (src/proxy/auth/auth-routes.ts): the authorize
 * request from src/protocol/authorize.ts, the token request with the app's credentials, the answer
 * classified by processTokenResponse (its API calls: lab-api-call.ts). Every call
 * goes through the run's recorder; every secret it makes or receives is noted there, and every
 * token it gets is revoked when the run ends (lab-engine.ts).
 */
import { authorizeParams, type AuthorizeRequest } from '../../protocol/authorize'
import type { LabProfile } from '../../protocol/lab-api'
import { PLACEHOLDERS, shorten, type TraceField } from '../../protocol/trace'
import type { EffectiveApp } from '../byo/effective-app'
import {
  codeChallengeS256,
  processTokenResponse,
  type RandomBytes,
  type TokenAnswer,
} from '../auth/oauth'
import { codeField, codeVerifierField, credentialField } from '../flow-trace'
import { FAULT_TAG_HEADER, type EmulatorControl, type EmulatorSettings } from './emulator-control'
import type { SentRequest } from './callback-checks'
import type { LabParam, Recorder, Sent } from './recorder'
import { PageError, type Decision, type PageOutcome, type UserAgent } from './user-agent'
import { checkCallback } from './callback-checks'

/** What a scenario runs with: the browser's app, its recorder, the pages and test control. */
export interface LabRun {
  readonly app: EffectiveApp
  readonly rec: Recorder
  readonly agent: UserAgent
  readonly control: EmulatorControl
  readonly settings: EmulatorSettings
  readonly profile: LabProfile
  /** The registered redirect URI (config.ts: `<APP_ORIGIN>/callback`). */
  readonly redirectUri: string
  /** Whether the client sends PKCE (OAUTH_PKCE), as the playground's login does. */
  readonly pkce: boolean
  readonly userAgent: string
  readonly random: RandomBytes
  /** The proxy's clock (a client-code request's timestamp is the client's). */
  readonly clock: () => number
  /** Undone when the run ends, last first, whatever happened (the clock, the PKCE mode). */
  onCleanup(undo: () => Promise<void>): void
  /** A token this run got: revoked when the run ends. */
  keepToken(token: string): void
}

/** 32 random bytes, base64url: a `state` or a PKCE verifier (oauth.ts). */
export function randomValue(run: LabRun): string {
  const value = run.random(32).toString('base64url')
  run.rec.secret(value)
  return value
}

export interface AuthorizeOptions {
  scope: string
  /** `omitted`: sent without `state` (RFC 6749 §10.12). */
  state?: 'generated' | 'omitted'
  redirectUri?: string
  /** Overrides OAUTH_PKCE for this request. */
  pkce?: boolean
  title?: string
  notes?: string[]
}

/** Builds the authorize request and drives the pages to `decision`. */
export async function authorizeThrough(
  run: LabRun,
  options: AuthorizeOptions,
  decision: Decision,
): Promise<{ sent: SentRequest; outcome: PageOutcome }> {
  const state = options.state === 'omitted' ? null : randomValue(run)
  const verifier = (options.pkce ?? run.pkce) ? randomValue(run) : null
  const request: AuthorizeRequest = {
    clientId: run.app.clientId,
    redirectUri: options.redirectUri ?? run.redirectUri,
    scope: options.scope,
    state,
    codeChallenge: verifier === null ? null : codeChallengeS256(verifier),
  }
  const params: LabParam[] = authorizeParams(request).map(([name, value]) =>
    name === 'state'
      ? {
          name,
          value,
          shown: placeholder(name, PLACEHOLDERS.state, `256 random bits, starts ${shorten(value)}`),
        }
      : name === 'code_challenge'
        ? {
            name,
            value,
            shown: {
              name,
              value: `${value.slice(0, 8)}…`,
              note: 'S256 of the run’s verifier, shortened.',
            },
          }
        : { name, value },
  )
  const outcome = await run.agent.authorize(
    {
      url: new URL('/oauth2/authorize', run.app.authUrl),
      params,
      title: options.title ?? 'Authorize request',
      ...(options.notes === undefined ? {} : { notes: options.notes }),
    },
    decision,
  )
  if (outcome.kind === 'redirect') {
    run.rec.secret(
      outcome.location.searchParams.get('code'),
      outcome.location.searchParams.get('state'),
    )
  }
  return { sent: { state, codeVerifier: verifier }, outcome }
}

function placeholder(name: string, value: string, note: string): TraceField {
  return { name, value, redacted: 'value', note }
}

export interface ExchangeOptions {
  title: string
  codeVerifier: string | null
  redirectUri?: string
  clientSecret?: string
  timeoutMs?: number
  /** Sends the fault tag of this run: a tagged fault answers this call only. */
  faultTag?: string
  notes?: string[]
}

export interface Exchange {
  sent: Sent
  /** Null when no answer came (a time-out, a dropped connection). */
  answer: TokenAnswer | null
}

/** One token request with the authorization-code grant: never retried (docs/security.md#b8). */
export async function exchangeCode(
  run: LabRun,
  code: string,
  options: ExchangeOptions,
): Promise<Exchange> {
  const secret = options.clientSecret ?? run.app.clientSecret
  run.rec.secret(code, secret)
  const params: LabParam[] = [
    { name: 'client_id', value: run.app.clientId },
    { name: 'client_secret', value: secret, shown: credentialField() },
    { name: 'code', value: code, shown: codeField() },
    { name: 'grant_type', value: 'authorization_code' },
    ...(options.redirectUri === undefined
      ? []
      : [{ name: 'redirect_uri', value: options.redirectUri }]),
    ...(options.codeVerifier === null
      ? []
      : [{ name: 'code_verifier', value: options.codeVerifier, shown: codeVerifierField() }]),
  ]
  return tokenRequest(run, params, options)
}

/** A call of the token endpoint, its answer classified once (processTokenResponse). */
export async function tokenRequest(
  run: LabRun,
  params: LabParam[],
  options: Pick<ExchangeOptions, 'title' | 'timeoutMs' | 'faultTag' | 'notes'>,
  kind: 'exchange' | 'poll' = 'exchange',
): Promise<Exchange> {
  // Set by `summarise`, which sees the answer before the step is written.
  const seen: { answer: TokenAnswer | null } = { answer: null }
  const sent = await run.rec.send({
    kind,
    title: options.title,
    method: 'POST',
    url: new URL('/oauth2/token', run.app.authUrl),
    params,
    headers: {
      Accept: 'application/json',
      'User-Agent': run.userAgent,
      ...(options.faultTag === undefined ? {} : { [FAULT_TAG_HEADER]: options.faultTag }),
    },
    notes: options.notes ?? [],
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    summarise: (response) => {
      const answer = processTokenResponse(response.status, response.body)
      seen.answer = answer
      if (answer.kind === 'token') {
        run.rec.secret(answer.token.access_token)
        run.keepToken(answer.token.access_token)
      }
      return tokenFields(answer)
    },
  })
  const { answer } = seen
  sent.step.outcome = answer?.kind === 'token' ? 'passed' : 'failed'
  return { sent, answer }
}

function tokenFields(answer: TokenAnswer): TraceField[] {
  if (answer.kind === 'token') {
    return [
      placeholder(
        'access_token',
        PLACEHOLDERS.token,
        'The run’s own token: used within this run, then revoked.',
      ),
      { name: 'token_type', value: answer.token.token_type.slice(0, 16) },
      ...(answer.token.scope === undefined
        ? []
        : [{ name: 'scope', value: answer.token.scope.slice(0, 256) }]),
    ]
  }
  if (answer.kind === 'oauth-error') {
    const description = answer.error.error_description
    return [
      { name: 'error', value: answer.error.error.slice(0, 64) },
      ...(description === undefined || answer.status >= 500
        ? []
        : [{ name: 'error_description', value: description.slice(0, 256) }]),
    ]
  }
  if (answer.kind === 'bad-body') return [{ name: 'body', value: answer.problem }]
  return []
}

/** What a token request came to, in the protocol's words: `400 invalid_grant`, `200 token`. */
export function describeExchange(exchange: Exchange, timeoutMs?: number): string {
  const { sent, answer } = exchange
  if (!sent.ok) {
    return sent.failure.kind === 'timeout'
      ? `no answer within ${timeoutMs ?? Math.round(sent.durationMs)} ms`
      : 'connection closed without an answer'
  }
  if (answer === null) return `${sent.response.status}`
  if (answer.kind === 'token') return `${answer.status} token`
  if (answer.kind === 'oauth-error') return `${answer.status} ${answer.error.error.slice(0, 64)}`
  if (answer.kind === 'redirect') return `${answer.status} redirect (not followed)`
  return `${answer.status}, ${answer.problem}`
}

/** A token for the run: the pages approved, the return checked, the code exchanged. */
export async function tokenFor(
  run: LabRun,
  scope: string,
): Promise<{ token: string; scope: string }> {
  const { sent, outcome } = await authorizeThrough(
    run,
    { scope, title: `Authorize request (scope ${scope || 'none'})` },
    'approve',
  )
  if (outcome.kind !== 'redirect')
    throw new PageError('The service did not send the browser back with a code.')
  const verdict = checkCallback(outcome.location.searchParams, sent)
  if (verdict.code === null) throw new PageError('The return did not pass the callback’s checks.')
  const exchange = await exchangeCode(run, verdict.code, {
    title: 'Code exchanged at the token endpoint',
    codeVerifier: sent.codeVerifier,
  })
  const answer = exchange.answer
  if (answer?.kind !== 'token') {
    throw new PageError(`The token endpoint gave no token (${describeExchange(exchange)}).`)
  }
  exchange.sent.step.outcome = 'passed'
  return { token: answer.token.access_token, scope: answer.token.scope ?? '' }
}
