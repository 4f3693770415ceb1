/**
 * Which steps' code a result offers to take home (take-home.tsx): the steps a scenario's rule is
 * about, so that the code beside a failure is the code that survives it.
 */
import type { LabScenarioId } from '../../protocol/lab-api'
import type { TraceStep } from '../../protocol/trace'
import type { FlowStep } from './take-home'

const RETURN: readonly FlowStep[] = ['authorize', 'callback']
const EXCHANGE: readonly FlowStep[] = ['exchange']
const API: readonly FlowStep[] = ['api']
const POLL: readonly FlowStep[] = ['client-code-poll']

export const SCENARIO_STEPS: Readonly<Record<LabScenarioId, readonly FlowStep[]>> = {
  'consent-denied': RETURN,
  'state-tampered': RETURN,
  'state-missing': RETURN,
  'code-reused': EXCHANGE,
  'code-expired': EXCHANGE,
  'redirect-uri-authorize': ['authorize'],
  'redirect-uri-token': EXCHANGE,
  'pkce-verifier-wrong': ['authorize', 'exchange'],
  'client-secret-wrong': EXCHANGE,
  'scope-missing': ['authorize', 'api'],
  'rate-limited': API,
  'token-revoked': API,
  'token-endpoint-5xx': EXCHANGE,
  'token-endpoint-timeout': EXCHANGE,
  'token-endpoint-dropped': EXCHANGE,
  'error-in-200': EXCHANGE,
  'client-code-pending': POLL,
  'client-code-denied': POLL,
  'client-code-expired': POLL,
  'client-code-bad-signature': ['client-code-sign'],
  'client-code-too-fast': POLL,
  'no-user-agent': API,
}

/** The editor's run: the request it shaped, the return's checks and the exchange. */
export const EDITOR_STEPS: readonly FlowStep[] = ['authorize', 'callback', 'exchange']

/** The scope the run's first authorize request asked for, or '' when it made none. */
export function scopeOfSteps(steps: readonly TraceStep[]): string {
  const authorize = steps.find((step) => step.kind === 'authorize')
  return authorize?.request?.params.find((param) => param.name === 'scope')?.value ?? ''
}
