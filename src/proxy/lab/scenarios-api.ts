/**
 * The flow lab's scenarios of API calls with the run's own token
 * (docs/architecture.md#the-flow-labs-scenarios): a missing scope and the grant that adds it, a
 * 429 and the wait it asks for, a revoked token, a call without `User-Agent`. What the service
 * answers depends on its profile (docs/emulator.md#two-profiles), which each expectation follows.
 */
import type { LabCheck } from '../../protocol/lab-api'
import { endpointPath } from '../../protocol/endpoint-path'
import { endpointById } from '../../protocol/endpoints'
import { callApi, statusOf } from './lab-api-call'
import { tokenFor, type LabRun } from './lab-client'
import type { Verdict } from './lab-engine'
import { LAB_LOGIN } from './user-agent'

/** A read that needs `repo:read` (endpoint-rows-account.ts): the user's repositories. */
const REPO_READ = endpointById('repo.listByUser')
const NEEDED_SCOPE = REPO_READ.scope ?? 'repo:read'
/** A scope that is not it: the token can read documents, not repositories. */
const OTHER_SCOPE = 'doc:read'

const isStatus = (sent: Awaited<ReturnType<typeof callApi>>, status: number) =>
  sent.ok && sent.response.status === status

export async function scopeMissing(run: LabRun): Promise<Verdict> {
  const path = endpointPath(REPO_READ, { login: LAB_LOGIN })
  const narrow = await tokenFor(run, OTHER_SCOPE)
  const refused = await callApi(run, narrow.token, path, {
    title: `API call without ${NEEDED_SCOPE}: GET ${REPO_READ.path}`,
    notes: [`The token has ${narrow.scope || 'no scope'}; this read needs ${NEEDED_SCOPE}.`],
  })
  // docs/service.md#scope-failure-status: 403 in the seed's words, 401 in the observed service's.
  const refusal = run.profile === 'observed' ? 401 : 403
  const rule = 'docs/service.md#scope-failure-status'
  const checks: LabCheck[] = [
    {
      id: 'scope-refused',
      verdict: isStatus(refused, refusal) ? 'pass' : 'fail',
      rule,
      values: { status: statusOf(refused), needs: NEEDED_SCOPE },
    },
  ]
  if (refusal === 401) {
    // A 401 may mean a dead token: the same token on GET /user tells them apart
    // (src/proxy/api/scope-failure.ts does the same for the playground's calls).
    const probe = await callApi(run, narrow.token, '/user', {
      title: 'GET /user with the same token: a dead token, or a missing scope?',
    })
    checks.push({
      id: 'scope-not-dead-token',
      verdict: isStatus(probe, 200) ? 'pass' : 'fail',
      rule,
      values: { status: statusOf(probe) },
    })
  }
  const wide = await tokenFor(run, `${OTHER_SCOPE},${NEEDED_SCOPE}`)
  const granted = await callApi(run, wide.token, path, {
    title: `The same call after the grant of ${NEEDED_SCOPE}`,
    notes: ['The client asked again, for the scope it lacked (an incremental grant).'],
  })
  checks.push({
    id: 'incremental-grant',
    verdict: isStatus(granted, 200) ? 'pass' : 'fail',
    rule: 'docs/security.md#a6',
    values: { status: statusOf(granted), scope: wide.scope },
  })
  return {
    expected: `${refusal}${refusal === 401 ? ' scope unauthorized' : ''} without ${NEEDED_SCOPE}, then 200 after a grant with it`,
    actual: `${statusOf(refused)} without ${NEEDED_SCOPE}, then ${statusOf(granted)} after a grant with it`,
    passed: isStatus(refused, refusal) && isStatus(granted, 200),
    rule,
    checks,
  }
}

export async function rateLimited(run: LabRun): Promise<Verdict> {
  const { token } = await tokenFor(run, '')
  const sent = await callApi(run, token, '/user', {
    title: 'API call answered 429 (rate limit)',
    prefer: 'code=429',
    notes: ['Prefer: code=429 asks the emulator to answer this call as its rate limit does.'],
  })
  const retryAfter = sent.ok ? sent.response.headers.get('Retry-After') : null
  // docs/service.md#no-retry-after: the observed service sends none; the seed's may say when.
  const sendsRetryAfter = run.profile === 'seed'
  const rule = sendsRetryAfter ? 'RFC 6585 §4' : 'docs/service.md#no-retry-after'
  const seconds = retryAfter !== null && /^\d{1,9}$/.test(retryAfter) ? retryAfter : null
  return {
    expected: `429 ${sendsRetryAfter ? 'with' : 'without'} Retry-After; the client waits ${sendsRetryAfter ? 'Retry-After' : 'a growing time'} before calling again`,
    actual: `${statusOf(sent)} ${retryAfter === null ? 'without Retry-After' : `with Retry-After: ${retryAfter.slice(0, 12)}`}`,
    passed: isStatus(sent, 429) && (retryAfter !== null) === sendsRetryAfter,
    rule,
    checks: [
      {
        id: 'rate-limited',
        verdict: isStatus(sent, 429) ? 'pass' : 'fail',
        rule: 'RFC 6585 §4',
        values: { status: statusOf(sent) },
      },
      {
        id: 'retry-after',
        verdict: (retryAfter !== null) === sendsRetryAfter ? 'pass' : 'fail',
        rule,
        // src/web/lib/retry-policy.ts: the page's back-off, `retry-after` or a growing wait.
        values: seconds === null ? { backoff: 'growing' } : { seconds, backoff: 'retry-after' },
      },
    ],
  }
}

export async function tokenRevoked(run: LabRun): Promise<Verdict> {
  const { token } = await tokenFor(run, '')
  const before = await callApi(run, token, '/user', { title: 'API call with the token' })
  const isKnown = await run.control.revoke(token)
  run.rec.note(
    `Test control: the token was revoked at the service (${isKnown ? 'it knew it' : 'it did not know it'}), as when the user revokes the app.`,
  )
  const after = await callApi(run, token, '/user', { title: 'The same call after the revocation' })
  const rule = 'docs/service.md#errors'
  return {
    expected: '200, then 401 (token revoked)',
    actual: `${statusOf(before)}, then ${statusOf(after)}${isStatus(after, 401) ? ' (token revoked)' : ''}`,
    passed: isStatus(before, 200) && isStatus(after, 401),
    rule,
    checks: [
      {
        id: 'api-ok',
        verdict: isStatus(before, 200) ? 'pass' : 'fail',
        rule: 'docs/service.md#token-header',
        values: { status: statusOf(before) },
      },
      {
        id: 'revoked-refused',
        verdict: isStatus(after, 401) ? 'pass' : 'fail',
        rule,
        values: { status: statusOf(after) },
      },
    ],
  }
}

export async function noUserAgent(run: LabRun): Promise<Verdict> {
  const { token } = await tokenFor(run, '')
  const sent = await callApi(run, token, '/user', {
    title: 'API call without User-Agent',
    withoutUserAgent: true,
    notes: [
      'A browser page cannot set User-Agent itself: one reason an app in a browser needs a server.',
    ],
  })
  const rule = 'docs/service.md#user-agent'
  return {
    expected: '403 (User-Agent required)',
    actual: statusOf(sent),
    passed: isStatus(sent, 403),
    rule,
    checks: [
      {
        id: 'user-agent-required',
        verdict: isStatus(sent, 403) ? 'pass' : 'fail',
        rule,
        values: { status: statusOf(sent) },
      },
    ],
  }
}
