/**
 * Every flow lab scenario in both of the emulator's profiles, against the real emulator on a
 * loopback socket (src/testing/lab-setup.ts): each passes, says what should and what did happen
 * in the protocol's words, cites its rule, and leaves no secret in its answer and nothing of
 * itself in the emulator (no live token, no sign-in session, no fault, the clock and PKCE mode as
 * they were).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CHECK_WORDS_EN } from '../../web/lab/check-words'
import { CHECK_WORDS_ZH } from '../../web/lab/check-words.zh'
import {
  LAB_PROFILES,
  LAB_SCENARIO_IDS,
  type LabProfile,
  type LabScenarioId,
  type ScenarioResult,
} from '../../protocol/lab-api'
import { leaks, startLab, type LabSetup } from '../../testing/lab-setup'

interface Expectation {
  expected: string
  /** The exact text, or a pattern where it holds a measured time or the service's wait. */
  actual: string | RegExp
  rule: string
  /** Verdicts of the scenario's own checks, by id. */
  checks: Record<string, 'pass' | 'fail' | 'skip'>
}

const NO_TOKEN_REQUEST = { 'no-token-request': 'pass' } as const

function expectations(profile: LabProfile): Record<LabScenarioId, Expectation> {
  const observed = profile === 'observed'
  return {
    'consent-denied': {
      expected: '303 → error=access_denied, state; no token request',
      actual: '303 → error=access_denied, state; no token request',
      rule: 'RFC 6749 §4.1.2.1',
      checks: { 'no-error': 'fail', 'state-matches': 'pass', ...NO_TOKEN_REQUEST },
    },
    'state-tampered': {
      expected: 'state ≠ the one sent → return refused, no token request',
      actual: '303 → code, state; state altered → state mismatch, no token request',
      rule: 'RFC 6749 §10.12',
      checks: { 'state-matches': 'fail', 'code-returned': 'pass', ...NO_TOKEN_REQUEST },
    },
    'state-missing': {
      expected: 'no state sent → the return cannot be checked: refused, no token request',
      actual: 'service: 303 → code, no state; client: state-sent fail, no token request',
      rule: 'RFC 6749 §10.12',
      checks: { 'state-sent': 'fail', 'state-returned': 'skip', ...NO_TOKEN_REQUEST },
    },
    'code-reused': {
      expected: 'second exchange 400 invalid_grant',
      actual: '200 token, then 400 invalid_grant; first token → 401 (revoked)',
      rule: 'RFC 6749 §4.1.2',
      checks: { 'token-issued': 'pass', 'token-refused': 'pass', 'replayed-token-revoked': 'pass' },
    },
    'code-expired': {
      expected: '400 invalid_grant',
      actual: '400 invalid_grant',
      rule: 'RFC 6749 §4.1.2',
      checks: { 'token-refused': 'pass' },
    },
    'redirect-uri-authorize': {
      expected: 'error page 400, no redirect',
      actual: 'error page 400, no redirect',
      rule: 'RFC 6749 §4.1.2.1',
      checks: { 'redirect-uri-exact': 'pass', 'no-redirect': 'pass' },
    },
    'redirect-uri-token': {
      expected: '400 invalid_grant',
      actual: '400 invalid_grant',
      rule: 'RFC 6749 §4.1.3',
      checks: { 'token-refused': 'pass' },
    },
    'pkce-verifier-wrong': {
      expected: '400 invalid_grant',
      actual: '400 invalid_grant',
      rule: 'RFC 7636 §4.6',
      checks: { 'token-refused': 'pass' },
    },
    'client-secret-wrong': {
      expected: '401 invalid_client',
      actual: '401 invalid_client',
      rule: 'RFC 6749 §5.2',
      checks: { 'token-refused': 'pass' },
    },
    'scope-missing': observed
      ? {
          expected: '401 scope unauthorized without repo:read, then 200 after a grant with it',
          actual: '401 without repo:read, then 200 after a grant with it',
          rule: 'docs/service.md#scope-failure-status',
          checks: {
            'scope-refused': 'pass',
            'scope-not-dead-token': 'pass',
            'incremental-grant': 'pass',
          },
        }
      : {
          expected: '403 without repo:read, then 200 after a grant with it',
          actual: '403 without repo:read, then 200 after a grant with it',
          rule: 'docs/service.md#scope-failure-status',
          checks: { 'scope-refused': 'pass', 'incremental-grant': 'pass' },
        },
    'rate-limited': observed
      ? {
          expected: '429 without Retry-After; the client waits a growing time before calling again',
          actual: '429 without Retry-After',
          rule: 'docs/service.md#no-retry-after',
          checks: { 'rate-limited': 'pass', 'retry-after': 'pass' },
        }
      : {
          expected: '429 with Retry-After; the client waits Retry-After before calling again',
          actual: /^429 with Retry-After: \d+$/,
          rule: 'RFC 6585 §4',
          checks: { 'rate-limited': 'pass', 'retry-after': 'pass' },
        },
    'token-revoked': {
      expected: '200, then 401 (token revoked)',
      actual: '200, then 401 (token revoked)',
      rule: 'docs/service.md#errors',
      checks: { 'api-ok': 'pass', 'revoked-refused': 'pass' },
    },
    'token-endpoint-5xx': {
      expected: '503 → no token, the code not retried',
      actual: '503 → no token, the code not retried',
      rule: 'docs/security.md#b8',
      checks: { 'service-failed': 'pass', 'no-retry': 'pass' },
    },
    'token-endpoint-timeout': {
      expected: 'no answer within 1000 ms → the client gives up, the code not retried',
      actual: 'no answer within 1000 ms → gave up, the code not retried',
      rule: 'docs/security.md#c3',
      checks: { 'timed-out': 'pass', 'no-retry': 'pass' },
    },
    'token-endpoint-dropped': {
      expected: 'connection closed without an answer → no token, the code not retried',
      actual: 'connection closed without an answer → no token, the code not retried',
      rule: 'docs/security.md#b8',
      checks: { 'connection-closed': 'pass', 'no-retry': 'pass' },
    },
    'error-in-200': {
      expected: '200 without a bearer token → not taken for a token',
      actual: '200, no valid bearer token response → not taken for a token',
      rule: 'RFC 6749 §5.1',
      checks: { 'not-a-token': 'pass' },
    },
    'client-code-pending': {
      expected: '400 invalid_request (authorization code is invalid) → pending: poll again in 3 s',
      actual: '400 invalid_request → pending',
      rule: 'docs/service.md#client-code-polling',
      checks: { 'poll-pending': 'pass' },
    },
    'client-code-denied': {
      expected: '400 access_denied → stop polling',
      actual: 'consent: page 200; poll: 400 access_denied → denied',
      rule: 'RFC 8628 §3.5',
      checks: { 'poll-denied': 'pass' },
    },
    'client-code-expired': {
      expected:
        'no token after 10 minutes: 400 invalid_request; the client stops (its 10 minutes are over)',
      actual: '400 invalid_request → no token',
      rule: 'docs/security.md#j3',
      checks: { 'code-expired': 'pass' },
    },
    'client-code-bad-signature': {
      expected: 'error page 400, no redirect',
      actual: 'error page 400, no redirect',
      rule: 'docs/service.md#client-code-flow',
      checks: { 'signature-refused': 'pass' },
    },
    'client-code-too-fast': {
      expected:
        '400 invalid_request to both, no slow_down: the client keeps 3 s between polls itself',
      actual: /^400 invalid_request, then 400 invalid_request \d\.\d s later$/,
      rule: 'docs/service.md#client-code-polling',
      checks: { 'poll-pending': 'pass', 'poll-pending-again': 'pass', 'poll-interval': 'fail' },
    },
    'no-user-agent': {
      expected: '403 (User-Agent required)',
      actual: '403',
      rule: 'docs/service.md#user-agent',
      checks: { 'user-agent-required': 'pass' },
    },
  }
}

interface TenantSnapshot {
  store: {
    tokens: [string, { revoked: boolean }][]
    sessions: unknown[]
    faults: unknown[]
  }
}

/** What a run may leave in the emulator: nothing live of its own. */
function leftovers(lab: LabSetup) {
  const snapshot = lab.emulator.control.snapshot() as {
    tenants: [string, TenantSnapshot][]
    clockOffset: number
    pkce: string
  }
  const [, main] = snapshot.tenants[0] ?? ['', null]
  return {
    liveTokens: main?.store.tokens.filter(([, token]) => !token.revoked).length,
    sessions: main?.store.sessions.length,
    faults: main?.store.faults.length,
    clockOffset: snapshot.clockOffset,
    pkce: snapshot.pkce,
  }
}

const verdicts = (result: ScenarioResult) =>
  Object.fromEntries(result.checks.map((check) => [check.id, check.verdict]))

describe.each(LAB_PROFILES)('the flow lab’s scenarios in the %s profile', (profile) => {
  let lab: LabSetup
  beforeAll(async () => {
    lab = await startLab()
    expect((await lab.control('POST', '/profile', { profile })).status).toBe(200)
  })
  afterAll(() => lab.close())

  test.each(LAB_SCENARIO_IDS)(
    '%s passes, in the protocol’s words, with its rule, no secret in its answer and nothing of it left in the emulator',
    async (id) => {
      const started = performance.now()
      const result = await lab.run(id)
      const want = expectations(profile)[id]
      expect(result).toMatchObject({
        scenario: id,
        profile,
        passed: true,
        expected: want.expected,
        rule: want.rule,
      })
      if (typeof want.actual === 'string') expect(result.actual).toBe(want.actual)
      else expect(result.actual).toMatch(want.actual)
      expect(verdicts(result)).toMatchObject(want.checks)
      // The page words every check it is sent, in both languages (src/web/lab/check-words.ts).
      for (const check of result.checks) {
        expect(Object.hasOwn(CHECK_WORDS_EN, check.id), `words for ${check.id}`).toBe(true)
        expect(Object.hasOwn(CHECK_WORDS_ZH, check.id), `zh words for ${check.id}`).toBe(true)
      }
      expect(result.steps.length).toBeGreaterThan(0)
      expect(leaks(result, lab.secrets())).toEqual([])
      expect(leftovers(lab)).toEqual({
        liveTokens: 0,
        sessions: 0,
        faults: 0,
        clockOffset: 0,
        pkce: 'off',
      })
      // docs/architecture.md#the-flow-labs-scenarios: a run stays within a few seconds.
      expect(performance.now() - started).toBeLessThan(5_000)
    },
  )
})
