/**
 * The flow lab's scenarios of the client-code flow (docs/service.md#client-code-flow), with the
 * app's client-code app: the request signed as the proxy signs it (src/protocol/client-code.ts),
 * the service's pages driven by the lab's user agent, and the token endpoint polled as
 * src/proxy/auth/client-code-routes.ts polls it, its answers read by the same classifyPoll.
 */
import {
  SIGNED_PARAMS,
  clientCodeBaseString,
  generateClientCode,
  signClientCode,
  type ClientCodeParams,
} from '../../protocol/client-code'
import type { LabCheck } from '../../protocol/lab-api'
import { classifyPoll } from '../auth/client-code-poll'
import { maskCode, POLL_INTERVAL_MS } from '../auth/client-code-routes'
import { CLIENT_CODE_TTL_SECONDS } from '../auth/session'
import { clientCodeField } from '../flow-trace'
import { describeExchange, tokenRequest, type Exchange, type LabRun } from './lab-client'
import type { Verdict } from './lab-engine'
import { describeReturn } from './scenarios-return'
import { PageError, type Decision, type PageOutcome } from './user-agent'

const SCOPE = 'repo:read'

/** The client-code app, which the scenario table requires (scenarios.ts). */
function codeClientOf(run: LabRun) {
  const client = run.app.codeClient
  if (client === null) throw new PageError('The app in use has no client-code app.')
  return client
}

/** Signs the request (with `secret`, the app's unless a scenario changes it) and opens it. */
async function startClientCode(
  run: LabRun,
  decision: Decision,
  secret?: string,
): Promise<{ code: string; outcome: PageOutcome }> {
  const client = codeClientOf(run)
  const code = generateClientCode((bytes) => {
    bytes.set(run.random(bytes.length))
    return bytes
  })
  const params: ClientCodeParams = {
    client_id: client.clientId,
    code,
    response_type: 'code',
    scope: SCOPE,
    timestamp: String(run.clock()),
  }
  const signingSecret = secret ?? client.clientSecret
  run.rec.secret(code, signingSecret)
  const sign = await signClientCode(params, signingSecret)
  run.rec.add({
    kind: 'sign',
    title: 'Client-code authorize request signed',
    outcome: 'info',
    notes: [
      `Signed string (code masked): ${clientCodeBaseString(params).replace(code, maskCode(code))}`,
      `sign = base64(HMAC-SHA1(${secret === undefined ? 'the client credential' : 'a wrong client credential'}, string)); the credential never leaves the proxy.`,
    ],
  })
  const outcome = await run.agent.authorize(
    {
      url: new URL('/oauth2/authorize', run.app.authUrl),
      params: [
        ...SIGNED_PARAMS.map((name) =>
          name === 'code'
            ? { name, value: code, shown: clientCodeField() }
            : { name, value: params[name] },
        ),
        { name: 'sign', value: sign },
      ],
      title: 'Client-code authorize request',
    },
    decision,
  )
  return { code, outcome }
}

function poll(run: LabRun, code: string, title: string): Promise<Exchange> {
  const client = codeClientOf(run)
  return tokenRequest(
    run,
    [
      { name: 'client_id', value: client.clientId },
      { name: 'code', value: code, shown: clientCodeField() },
      { name: 'grant_type', value: 'client_code' },
    ],
    { title, notes: ['No client credential in a poll: the code alone redeems the token.'] },
    'poll',
  )
}

/** What a poll's answer means to the client, as the proxy's poll reads it. */
function outcomeOf(exchange: Exchange) {
  return exchange.answer === null ? 'failed' : classifyPoll(exchange.answer)
}

function pollCheck(id: string, exchange: Exchange, expected: string, rule: string): LabCheck {
  const outcome = outcomeOf(exchange)
  exchange.sent.step.outcome = outcome === expected ? 'passed' : 'failed'
  return {
    id,
    verdict: outcome === expected ? 'pass' : 'fail',
    rule,
    values: { answer: describeExchange(exchange), means: outcome },
  }
}

export async function clientCodePending(run: LabRun): Promise<Verdict> {
  const { code } = await startClientCode(run, 'none')
  run.rec.note('The user has the consent page open and has not decided yet.')
  const answer = await poll(run, code, 'Poll before the user decides')
  const rule = 'docs/service.md#client-code-polling'
  const check = pollCheck('poll-pending', answer, 'pending', rule)
  return {
    expected: '400 invalid_request (authorization code is invalid) → pending: poll again in 3 s',
    actual: `${describeExchange(answer)} → ${outcomeOf(answer)}`,
    passed: check.verdict === 'pass',
    rule,
    checks: [check],
  }
}

export async function clientCodeDenied(run: LabRun): Promise<Verdict> {
  const { code, outcome } = await startClientCode(run, 'deny')
  const answer = await poll(run, code, 'Poll after the user denied')
  const rule = 'RFC 8628 §3.5'
  const check = pollCheck('poll-denied', answer, 'denied', rule)
  return {
    expected: '400 access_denied → stop polling',
    actual: `consent: ${outcome.kind === 'result-page' ? `page ${outcome.status}` : outcome.kind}; poll: ${describeExchange(answer)} → ${outcomeOf(answer)}`,
    passed: check.verdict === 'pass',
    rule,
    checks: [check],
  }
}

export async function clientCodeExpired(run: LabRun): Promise<Verdict> {
  const { code } = await startClientCode(run, 'approve')
  const skip = CLIENT_CODE_TTL_SECONDS * 1000 + 1000
  await run.control.advanceClock(skip)
  run.onCleanup(() => run.control.advanceClock(-skip))
  run.rec.note(
    'Test control: the emulator’s clock moved 10 min 1 s forward after the approval (and back when the run ends).',
  )
  const answer = await poll(run, code, 'Poll 10 min 1 s after the approval')
  const rule = 'docs/security.md#j3'
  const noToken = answer.answer?.kind !== 'token'
  return {
    expected:
      'no token after 10 minutes: 400 invalid_request; the client stops (its 10 minutes are over)',
    actual: `${describeExchange(answer)} → ${noToken ? 'no token' : 'token'}`,
    passed: noToken && outcomeOf(answer) === 'pending',
    rule,
    checks: [
      {
        id: 'code-expired',
        verdict: noToken ? 'pass' : 'fail',
        rule,
        values: { answer: describeExchange(answer) },
      },
    ],
  }
}

export async function clientCodeBadSignature(run: LabRun): Promise<Verdict> {
  const client = codeClientOf(run)
  const { outcome } = await startClientCode(run, 'approve', `${client.clientSecret}x`)
  const rule = 'docs/service.md#client-code-flow'
  const isPage = outcome.kind === 'error-page' && outcome.status === 400
  return {
    expected: 'error page 400, no redirect',
    actual: describeReturn(outcome),
    passed: isPage,
    rule,
    checks: [{ id: 'signature-refused', verdict: isPage ? 'pass' : 'fail', rule }],
  }
}

export async function clientCodeTooFast(run: LabRun): Promise<Verdict> {
  const { code } = await startClientCode(run, 'none')
  const firstAt = performance.now()
  const first = await poll(run, code, 'Poll 1')
  // Sent as soon as the first is answered: no wait at all.
  const apart = performance.now() - firstAt
  const second = await poll(run, code, 'Poll 2, at once (no wait)')
  const rule = 'docs/service.md#client-code-polling'
  const bothPending = outcomeOf(first) === 'pending' && outcomeOf(second) === 'pending'
  return {
    expected: `400 invalid_request to both, no slow_down: the client keeps ${POLL_INTERVAL_MS / 1000} s between polls itself`,
    actual: `${describeExchange(first)}, then ${describeExchange(second)} ${(apart / 1000).toFixed(1)} s later`,
    passed: bothPending,
    rule,
    checks: [
      pollCheck('poll-pending', first, 'pending', rule),
      pollCheck('poll-pending-again', second, 'pending', rule),
      {
        id: 'poll-interval',
        verdict: apart >= POLL_INTERVAL_MS ? 'pass' : 'fail',
        rule: 'RFC 8628 §3.5',
        values: { seconds: (apart / 1000).toFixed(1), minimum: String(POLL_INTERVAL_MS / 1000) },
      },
    ],
  }
}
