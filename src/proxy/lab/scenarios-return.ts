/**
 * The flow lab's scenarios of the return to the client (docs/architecture.md#the-flow-labs-scenarios):
 * what the service sends the browser back with, and what the client must refuse before any token
 * request (callback-checks.ts): a denial, a tampered or missing `state`, a redirect URI that is
 * not the registered one.
 */
import { changedRedirectUri } from '../../protocol/authorize'
import type { LabCheck } from '../../protocol/lab-api'
import { checkCallback, tamperedState } from './callback-checks'
import { authorizeThrough, type LabRun } from './lab-client'
import type { Verdict } from './lab-engine'
import type { PageOutcome } from './user-agent'

/** The scope these scenarios ask for: any will do, none is needed. */
const SCOPE = 'repo:read'

/** `303 → code, state` : what came back, in the protocol's words, secrets left out. */
export function describeReturn(outcome: PageOutcome): string {
  if (outcome.kind === 'error-page') return `error page ${outcome.status}, no redirect`
  if (outcome.kind !== 'redirect') return 'no return to the client'
  const query = outcome.location.searchParams
  const error = query.get('error')
  const parts =
    error !== null ? [`error=${error.slice(0, 64)}`] : query.has('code') ? ['code'] : ['no code']
  parts.push(query.has('state') ? 'state' : 'no state')
  return `${outcome.status} → ${parts.join(', ')}`
}

/** The client's own step: the callback's checks, and whether it goes on to exchange. */
function noteChecks(run: LabRun, checks: LabCheck[], exchanges: boolean): void {
  const failed = checks.filter((check) => check.verdict === 'fail').map((check) => check.id)
  run.rec.add({
    kind: 'state-check',
    title: exchanges
      ? 'Return checked: the client exchanges the code'
      : 'Return refused: no token request',
    outcome: failed.length === 0 ? 'passed' : 'failed',
    notes: [
      failed.length === 0
        ? 'Every check of the return passed.'
        : `Failed checks: ${failed.join(', ')}. The client stops here: it sends no token request.`,
    ],
  })
}

/** The check that the client stopped before any token request. */
function noTokenRequest(rule: string, stopped: boolean): LabCheck {
  return { id: 'no-token-request', verdict: stopped ? 'pass' : 'fail', rule }
}

export async function consentDenied(run: LabRun): Promise<Verdict> {
  const { sent, outcome } = await authorizeThrough(run, { scope: SCOPE }, 'deny')
  const rule = 'RFC 6749 §4.1.2.1'
  // A 303 after the consent form's post (RFC 9700 §4.12), with the state as it was sent.
  const expected = '303 → error=access_denied, state; no token request'
  if (outcome.kind !== 'redirect') {
    return { expected, actual: describeReturn(outcome), passed: false, rule, checks: [] }
  }
  const verdict = checkCallback(outcome.location.searchParams, sent)
  noteChecks(run, verdict.checks, verdict.code !== null)
  const stateOk = verdict.checks.some((c) => c.id === 'state-matches' && c.verdict === 'pass')
  return {
    expected,
    actual: `${describeReturn(outcome)}${stateOk ? '' : ' (not the one sent)'}; ${verdict.code === null ? 'no token request' : 'exchanged'}`,
    passed: verdict.error === 'access_denied' && stateOk && verdict.code === null,
    rule,
    checks: [...verdict.checks, noTokenRequest(rule, verdict.code === null)],
  }
}

export async function stateTampered(run: LabRun): Promise<Verdict> {
  const { sent, outcome } = await authorizeThrough(run, { scope: SCOPE }, 'approve')
  const rule = 'RFC 6749 §10.12'
  const expected = 'state ≠ the one sent → return refused, no token request'
  if (outcome.kind !== 'redirect' || sent.state === null) {
    return { expected, actual: describeReturn(outcome), passed: false, rule, checks: [] }
  }
  const query = new URLSearchParams(outcome.location.search)
  const forged = tamperedState(sent.state)
  run.rec.secret(forged)
  query.set('state', forged)
  run.rec.note(
    'The lab changed one character of state in the address the browser came back with, as a forged return (login CSRF) would carry it.',
  )
  const verdict = checkCallback(query, sent)
  noteChecks(run, verdict.checks, verdict.code !== null)
  const mismatch = verdict.checks.some((c) => c.id === 'state-matches' && c.verdict === 'fail')
  return {
    expected,
    actual: `${describeReturn(outcome)}; state altered → ${mismatch ? 'state mismatch' : 'state accepted'}, ${verdict.code === null ? 'no token request' : 'exchanged'}`,
    passed: mismatch && verdict.code === null,
    rule,
    checks: [...verdict.checks, noTokenRequest(rule, verdict.code === null)],
  }
}

export async function stateMissing(run: LabRun): Promise<Verdict> {
  const { sent, outcome } = await authorizeThrough(
    run,
    {
      scope: SCOPE,
      state: 'omitted',
      notes: ['Sent without state: nothing binds the return to this browser (RFC 6749 §10.12).'],
    },
    'approve',
  )
  const rule = 'RFC 6749 §10.12'
  const expected = 'no state sent → the return cannot be checked: refused, no token request'
  if (outcome.kind !== 'redirect') {
    return { expected, actual: describeReturn(outcome), passed: false, rule, checks: [] }
  }
  const verdict = checkCallback(outcome.location.searchParams, sent)
  noteChecks(run, verdict.checks, verdict.code !== null)
  const stateSent = verdict.checks.find((c) => c.id === 'state-sent')
  // What the service did is part of the answer: it does not insist on state.
  return {
    expected,
    actual: `service: ${describeReturn(outcome)}; client: state-sent ${stateSent?.verdict ?? 'missing'}, ${verdict.code === null ? 'no token request' : 'exchanged'}`,
    passed: stateSent?.verdict === 'fail' && verdict.code === null,
    rule,
    checks: [...verdict.checks, noTokenRequest(rule, verdict.code === null)],
  }
}

export async function redirectUriAuthorize(run: LabRun): Promise<Verdict> {
  const changed = changedRedirectUri(run.redirectUri)
  const { outcome } = await authorizeThrough(
    run,
    {
      scope: SCOPE,
      redirectUri: changed,
      notes: ['redirect_uri has one character more than the registered one.'],
    },
    'approve',
  )
  const rule = 'RFC 6749 §4.1.2.1'
  const isPage = outcome.kind === 'error-page'
  return {
    expected: 'error page 400, no redirect',
    actual: describeReturn(outcome),
    passed: isPage && outcome.status === 400,
    rule,
    checks: [
      {
        id: 'redirect-uri-exact',
        verdict: isPage ? 'pass' : 'fail',
        rule: 'RFC 9700 §4.1.3',
        values: { sent: changed.slice(-24), registered: run.redirectUri.slice(-24) },
      },
      { id: 'no-redirect', verdict: outcome.kind === 'redirect' ? 'fail' : 'pass', rule },
    ],
  }
}
