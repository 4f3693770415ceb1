/**
 * The flow lab's scenarios of the code exchange (docs/architecture.md#the-flow-labs-scenarios):
 * a code used twice, a redirect URI that differs at the token endpoint, a code past its ten
 * minutes, a PKCE verifier that does not fit, a wrong client secret. Each gets a real code from
 * the pages, then sends the one token request the scenario changes.
 */
import { changedRedirectUri } from '../../protocol/authorize'
import type { LabCheck } from '../../protocol/lab-api'
import { checkCallback, type SentRequest } from './callback-checks'
import { callApi, statusOf } from './lab-api-call'
import {
  authorizeThrough,
  describeExchange,
  exchangeCode,
  randomValue,
  type Exchange,
  type LabRun,
} from './lab-client'
import type { Verdict } from './lab-engine'
import { PageError } from './user-agent'

const SCOPE = 'repo:read'
/** The emulator keeps a code 10 minutes (docs/service.md#authorization-code-flow). */
export const CODE_LIFETIME_MS = 10 * 60_000

/** A code from the pages, approved and past the callback's checks. */
export async function approvedCode(
  run: LabRun,
  pkce?: boolean,
): Promise<{ sent: SentRequest; code: string }> {
  const { sent, outcome } = await authorizeThrough(
    run,
    { scope: SCOPE, ...(pkce === undefined ? {} : { pkce }) },
    'approve',
  )
  if (outcome.kind !== 'redirect')
    throw new PageError('The service did not send the browser back with a code.')
  const { code } = checkCallback(outcome.location.searchParams, sent)
  if (code === null) throw new PageError('The return did not pass the callback’s checks.')
  return { sent, code }
}

/** Whether a token request was refused with `error` (a 4xx in the RFC 6749 §5.2 shape). */
function refusedWith(exchange: Exchange, error: string, status?: number): boolean {
  const { answer } = exchange
  return (
    answer?.kind === 'oauth-error' &&
    answer.error.error === error &&
    (status === undefined ? answer.status >= 400 && answer.status < 500 : answer.status === status)
  )
}

/** The check of a refused token request, its status and error as values. */
function refusalCheck(id: string, exchange: Exchange, isExpected: boolean, rule: string): LabCheck {
  exchange.sent.step.outcome = isExpected ? 'passed' : 'failed'
  return {
    id,
    verdict: isExpected ? 'pass' : 'fail',
    rule,
    values: { answer: describeExchange(exchange) },
  }
}

/** The verdict of a scenario whose token request must be refused with `status` and `error`. */
function refusedVerdict(exchange: Exchange, rule: string, error: string, status: number): Verdict {
  const isRefused = refusedWith(exchange, error, status)
  return {
    expected: `${status} ${error}`,
    actual: describeExchange(exchange),
    passed: isRefused,
    rule,
    checks: [refusalCheck('token-refused', exchange, isRefused, rule)],
  }
}

export async function codeReused(run: LabRun): Promise<Verdict> {
  const { sent, code } = await approvedCode(run)
  const first = await exchangeCode(run, code, {
    title: 'Code exchanged',
    codeVerifier: sent.codeVerifier,
  })
  const second = await exchangeCode(run, code, {
    title: 'The same code exchanged again',
    codeVerifier: sent.codeVerifier,
    notes: ['A replay: the code was spent by the call before.'],
  })
  const rule = 'RFC 6749 §4.1.2'
  const token = first.answer?.kind === 'token' ? first.answer.token.access_token : null
  const checks: LabCheck[] = [
    {
      id: 'token-issued',
      verdict: token === null ? 'fail' : 'pass',
      rule: 'RFC 6749 §5.1',
      values: { answer: describeExchange(first) },
    },
    refusalCheck('token-refused', second, refusedWith(second, 'invalid_grant'), rule),
  ]
  let afterwards = 'no first token to try'
  if (token !== null) {
    const call = await callApi(run, token, '/user', {
      title: 'API call with the token of the replayed code',
      notes: ['What did the service do to the token the code gave first?'],
    })
    const isRevoked = call.ok && call.response.status === 401
    checks.push({
      id: 'replayed-token-revoked',
      verdict: isRevoked ? 'pass' : 'fail',
      rule,
      values: { status: statusOf(call) },
    })
    afterwards = `first token → ${statusOf(call)}${isRevoked ? ' (revoked)' : ''}`
  }
  return {
    expected: 'second exchange 400 invalid_grant',
    actual: `${describeExchange(first)}, then ${describeExchange(second)}; ${afterwards}`,
    passed: token !== null && refusedWith(second, 'invalid_grant', 400),
    rule,
    checks,
  }
}

export async function redirectUriToken(run: LabRun): Promise<Verdict> {
  const { sent, code } = await approvedCode(run)
  const changed = changedRedirectUri(run.redirectUri)
  const exchange = await exchangeCode(run, code, {
    title: 'Code exchanged with another redirect_uri',
    codeVerifier: sent.codeVerifier,
    redirectUri: changed,
    notes: [
      'The authorize request named the registered redirect URI; this names it with one character more.',
    ],
  })
  return refusedVerdict(exchange, 'RFC 6749 §4.1.3', 'invalid_grant', 400)
}

export async function codeExpired(run: LabRun): Promise<Verdict> {
  const { sent, code } = await approvedCode(run)
  const skip = CODE_LIFETIME_MS + 1000
  await run.control.advanceClock(skip)
  run.onCleanup(() => run.control.advanceClock(-skip))
  run.rec.note(
    'Test control: the emulator’s clock moved 10 min 1 s forward (and back when the run ends).',
  )
  const exchange = await exchangeCode(run, code, {
    title: 'Code exchanged 10 min 1 s after it was issued',
    codeVerifier: sent.codeVerifier,
  })
  return refusedVerdict(exchange, 'RFC 6749 §4.1.2', 'invalid_grant', 400)
}

/**
 * The emulator checks PKCE only when its mode asks it to, and starts with it off, as Yuque
 * documents none (docs/security.md#k6). The run switches it to `optional` for itself (the mode
 * is the whole emulator's, and runs are serialised: lab-engine.ts) and restores it at the end.
 */
export async function pkceVerifierWrong(run: LabRun): Promise<Verdict> {
  const before = run.settings.pkce
  if (before === 'off') {
    await run.control.setPkce('optional')
    run.onCleanup(() => run.control.setPkce(before))
    run.rec.note(
      'Test control: PKCE switched from off to optional at the service for this run (restored at its end).',
    )
  }
  const { code } = await approvedCode(run, true)
  const wrong = randomValue(run)
  const exchange = await exchangeCode(run, code, {
    title: 'Code exchanged with another code_verifier',
    codeVerifier: wrong,
    notes: ['The verifier is not the one whose S256 challenge the authorize request carried.'],
  })
  return refusedVerdict(exchange, 'RFC 7636 §4.6', 'invalid_grant', 400)
}

export async function clientSecretWrong(run: LabRun): Promise<Verdict> {
  const { sent, code } = await approvedCode(run)
  const wrong = `${run.app.clientSecret}x`
  const exchange = await exchangeCode(run, code, {
    title: 'Code exchanged with a wrong client secret',
    codeVerifier: sent.codeVerifier,
    clientSecret: wrong,
    notes: ['The client credential has one character more than the registered one.'],
  })
  return refusedVerdict(exchange, 'RFC 6749 §5.2', 'invalid_client', 401)
}
