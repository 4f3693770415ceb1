/**
 * The checks a client makes of the return to its redirect URI, one verdict each with the rule
 * that asks for it: the flow lab shows them for a scenario and for the editor's run
 * (docs/decisions/0016-flow-lab.md). The playground's own callback makes the same ones
 * (src/proxy/auth/auth-routes.ts `/exchange`, src/web/callback/callback-params.ts); here they
 * are spelled out one by one, and nothing stops at the first failure, so that every verdict shows.
 */
import type { LabCheck } from '../../protocol/lab-api'
import { shorten } from '../../protocol/trace'
import { isStateEqual } from '../auth/oauth'

/** What the client sent, as far as the return is checked against it. */
export interface SentRequest {
  /** null: the request carried no `state`. */
  state: string | null
  /** The verifier the exchange will send; null without PKCE. */
  codeVerifier: string | null
}

export interface CallbackVerdict {
  checks: LabCheck[]
  /** The code to exchange, when every check that guards the exchange passed; else null. */
  code: string | null
  /** The service's `error`, when the return is an error response (RFC 6749 §4.1.2.1). */
  error: string | null
}

/**
 * `state` with its last character changed, as a forged or mixed-up return carries it: what the
 * lab's "state tampered" scenario returns with and its editor's `tamper-state` checks against.
 */
export function tamperedState(state: string): string {
  return `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`
}

/** Parameters a return must carry once at most (RFC 6749 §3.1). */
const SINGLE = ['code', 'state', 'error'] as const

export function checkCallback(query: URLSearchParams, sent: SentRequest): CallbackVerdict {
  const checks: LabCheck[] = []
  const repeated = SINGLE.filter((name) => query.getAll(name).length > 1)
  checks.push({
    id: 'params-once',
    verdict: repeated.length === 0 ? 'pass' : 'fail',
    rule: 'RFC 6749 §3.1',
    ...(repeated.length === 0 ? {} : { values: { names: repeated.join(', ') } }),
  })

  const error = query.get('error')
  checks.push({
    id: 'no-error',
    verdict: error === null ? 'pass' : 'fail',
    rule: 'RFC 6749 §4.1.2.1',
    ...(error === null ? {} : { values: { error: error.slice(0, 64) } }),
  })

  // RFC 6749 §10.12: without a state bound to this browser, a return cannot be told from one an
  // attacker started (login CSRF); RFC 9700 §2.1 keeps it unless PKCE is enforced by the service.
  const received = query.get('state')
  const stateSent = sent.state !== null
  checks.push({
    id: 'state-sent',
    verdict: stateSent ? 'pass' : 'fail',
    rule: 'RFC 6749 §10.12',
  })
  const statePresent = received !== null && received !== ''
  checks.push({
    id: 'state-returned',
    verdict: !stateSent ? 'skip' : statePresent ? 'pass' : 'fail',
    rule: 'RFC 6749 §4.1.2',
  })
  const stateMatches =
    sent.state !== null && received !== null && isStateEqual(sent.state, received)
  checks.push({
    id: 'state-matches',
    verdict: !stateSent || !statePresent ? 'skip' : stateMatches ? 'pass' : 'fail',
    rule: 'RFC 6749 §10.12',
    ...(sent.state !== null && received !== null && !stateMatches
      ? { values: { sent: shorten(sent.state), received: shorten(received) } }
      : {}),
  })

  const code = query.get('code')
  const codePresent = code !== null && code !== ''
  checks.push({
    id: 'code-returned',
    verdict: error !== null ? 'skip' : codePresent ? 'pass' : 'fail',
    rule: 'RFC 6749 §4.1.2',
  })
  // RFC 7636 §4.5: the verifier goes with the exchange; RFC 9700 §2.1.1 asks for PKCE.
  checks.push({
    id: 'pkce-verifier',
    verdict: sent.codeVerifier === null ? 'fail' : 'pass',
    rule: 'RFC 9700 §2.1.1',
  })

  const guardsPassed =
    repeated.length === 0 && error === null && stateSent && statePresent && stateMatches
  return {
    checks,
    code: guardsPassed && codePresent ? code : null,
    error: error === null ? null : error.slice(0, 64),
  }
}
