/**
 * The flow lab's scenarios of a failing token endpoint (docs/architecture.md#the-flow-labs-scenarios):
 * a 5xx, no answer in time, a dropped connection, and a 200 that is no token. Each fault is queued
 * through the emulator's test control with this run's tag (docs/emulator.md#tagged-faults), and
 * only this run's token request carries that tag: another browser's login at the same moment
 * never meets it. The tag names the run, it authorises nothing: the proxy never forwards the
 * header from a browser (docs/security.md#the-flow-labs-test-control).
 */
import type { LabCheck } from '../../protocol/lab-api'
import type { TaggedFault } from './emulator-control'
import { describeExchange, exchangeCode, type Exchange, type LabRun } from './lab-client'
import type { Verdict } from './lab-engine'
import { approvedCode } from './scenarios-code'

/** The token call's time-out in the time-out scenario, and how much longer the fault waits. */
export const LAB_TOKEN_TIMEOUT_MS = 1_000
const FAULT_EXTRA_DELAY_MS = 1_000

/** Queues `fault` on the token endpoint for this run alone; answers the tag its call sends. */
async function faultForThisRun(
  run: LabRun,
  fault: Omit<TaggedFault, 'tag' | 'path' | 'method'>,
  says: string,
): Promise<string> {
  const tag = `lab-${run.random(9).toString('base64url')}`
  await run.control.queueFault({ path: '/oauth2/token', method: 'POST', ...fault, tag })
  run.onCleanup(() => run.control.clearFaults(tag))
  run.rec.note(`Test control: ${says}, for this run’s token request only (fault tag ${tag}).`)
  return tag
}

/** The one token request of the run: a code is never retried (docs/security.md#b8). */
function noRetry(run: LabRun): LabCheck {
  const requests = run.rec.steps.filter((step) => step.kind === 'exchange').length
  run.rec.add({
    kind: 'exchange',
    title: 'No second token request',
    outcome: requests === 1 ? 'passed' : 'failed',
    notes: [
      'A code is single-use: a retry could be refused, or make the service revoke the token it gave (RFC 6749 §4.1.2). The client shows the error and lets the user start again.',
    ],
  })
  return {
    id: 'no-retry',
    verdict: requests === 1 ? 'pass' : 'fail',
    rule: 'docs/security.md#b8',
    values: { requests: String(requests) },
  }
}

async function exchangeWithFault(run: LabRun, tag: string, timeoutMs?: number): Promise<Exchange> {
  const { sent, code } = await approvedCode(run)
  return exchangeCode(run, code, {
    title: 'Code exchanged at the failing token endpoint',
    codeVerifier: sent.codeVerifier,
    faultTag: tag,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  })
}

export async function tokenEndpoint5xx(run: LabRun): Promise<Verdict> {
  const tag = await faultForThisRun(run, { status: 503 }, 'the token endpoint answers 503')
  const exchange = await exchangeWithFault(run, tag)
  const status = exchange.sent.ok ? exchange.sent.response.status : null
  const noToken = exchange.answer?.kind !== 'token'
  const checks = [
    {
      id: 'service-failed',
      verdict: status !== null && status >= 500 ? 'pass' : 'fail',
      rule: 'RFC 9110 §15.6',
      values: { answer: describeExchange(exchange) },
    } satisfies LabCheck,
    noRetry(run),
  ]
  return {
    expected: '503 → no token, the code not retried',
    actual: `${status ?? 'no answer'} → ${noToken ? 'no token' : 'token'}, ${checks[1]?.verdict === 'pass' ? 'the code not retried' : 'retried'}`,
    passed: status === 503 && noToken && checks[1]?.verdict === 'pass',
    rule: 'docs/security.md#b8',
    checks,
  }
}

export async function tokenEndpointTimeout(run: LabRun): Promise<Verdict> {
  const timeoutMs = LAB_TOKEN_TIMEOUT_MS
  const tag = await faultForThisRun(
    run,
    { delayMs: timeoutMs + FAULT_EXTRA_DELAY_MS, drop: true },
    `the token endpoint waits ${timeoutMs + FAULT_EXTRA_DELAY_MS} ms, then closes the connection without an answer`,
  )
  const exchange = await exchangeWithFault(run, tag, timeoutMs)
  const timedOut = !exchange.sent.ok && exchange.sent.failure.kind === 'timeout'
  const checks = [
    {
      id: 'timed-out',
      verdict: timedOut ? 'pass' : 'fail',
      rule: 'docs/security.md#c3',
      values: { timeoutMs: String(timeoutMs), answer: describeExchange(exchange, timeoutMs) },
    } satisfies LabCheck,
    noRetry(run),
  ]
  return {
    expected: `no answer within ${timeoutMs} ms → the client gives up, the code not retried`,
    actual: `${describeExchange(exchange, timeoutMs)} → ${timedOut ? 'gave up' : 'went on'}, ${checks[1]?.verdict === 'pass' ? 'the code not retried' : 'retried'}`,
    passed: timedOut && checks[1]?.verdict === 'pass',
    rule: 'docs/security.md#c3',
    checks,
  }
}

export async function tokenEndpointDropped(run: LabRun): Promise<Verdict> {
  const tag = await faultForThisRun(
    run,
    { drop: true },
    'the token endpoint closes the connection without an answer',
  )
  const exchange = await exchangeWithFault(run, tag)
  const dropped = !exchange.sent.ok && exchange.sent.failure.kind === 'unreachable'
  const checks = [
    {
      id: 'connection-closed',
      verdict: dropped ? 'pass' : 'fail',
      rule: 'docs/security.md#c3',
      values: { answer: describeExchange(exchange) },
    } satisfies LabCheck,
    noRetry(run),
  ]
  return {
    expected: 'connection closed without an answer → no token, the code not retried',
    actual: `${describeExchange(exchange)} → ${exchange.answer?.kind === 'token' ? 'token' : 'no token'}, ${checks[1]?.verdict === 'pass' ? 'the code not retried' : 'retried'}`,
    passed: dropped && checks[1]?.verdict === 'pass',
    rule: 'docs/security.md#b8',
    checks,
  }
}

export async function errorIn200(run: LabRun): Promise<Verdict> {
  const tag = await faultForThisRun(
    run,
    {
      status: 200,
      body: { error: 'invalid_grant', error_description: 'authorization code is invalid' },
    },
    'the token endpoint answers 200 with an OAuth error in the body',
  )
  const exchange = await exchangeWithFault(run, tag)
  const { answer } = exchange
  const isRefused =
    exchange.sent.ok && exchange.sent.response.status === 200 && answer?.kind === 'bad-body'
  return {
    expected: '200 without a bearer token → not taken for a token',
    actual: `${describeExchange(exchange)} → ${answer?.kind === 'token' ? 'taken for a token' : 'not taken for a token'}`,
    passed: isRefused,
    rule: 'RFC 6749 §5.1',
    checks: [
      {
        id: 'not-a-token',
        verdict: answer?.kind === 'token' ? 'fail' : 'pass',
        rule: 'RFC 6749 §5.1',
        values: { answer: describeExchange(exchange) },
      },
    ],
  }
}
