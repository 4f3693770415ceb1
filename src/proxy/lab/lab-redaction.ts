/**
 * The last pass over a scenario's answer and the editor's run's (src/protocol/lab-api.ts): its steps through
 * `redactTrace`, as the flow inspector's are (src/proxy/flow-trace.ts), and every other string
 * (the checks' values, `expected`, `actual`) through the same scrubber, with every secret the run
 * handled (client secrets, codes, tokens, states, verifiers, the service's cookies and form
 * tokens, the demo user's secret) and anything token-shaped removed. Steps carry placeholders by
 * construction (recorder.ts); this pass is the net under them.
 */
import { z } from 'zod/mini'
import { ScenarioResultSchema, type ScenarioResult } from '../../protocol/lab-api'
import { TRACE_VERSION, type TraceStep } from '../../protocol/trace'
import { createScrubber, redactTrace } from '../../protocol/trace-redaction'

function scrubDeep(value: unknown, scrub: (text: string) => string): unknown {
  if (typeof value === 'string') return scrub(value)
  if (Array.isArray(value)) return value.map((item) => scrubDeep(item, scrub))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, scrubDeep(item, scrub)]),
    )
  }
  return value
}

/**
 * A lab answer (a scenario's or the editor's run) with its steps through `redactTrace`, as if
 * they were the trace of a call to `path`, and every other string through the scrubber.
 */
export function redactLabAnswer<T extends { steps: TraceStep[] }>(
  answer: T,
  path: string,
  secrets: readonly string[],
): T {
  const { steps } = redactTrace(
    {
      v: TRACE_VERSION,
      call: { method: 'POST', path, status: 200, at: 0, durationMs: 0 },
      steps: answer.steps,
    },
    secrets,
  )
  const scrub = createScrubber(secrets)
  const { steps: _, ...rest } = answer
  return { ...(scrubDeep(rest, scrub) as Omit<T, 'steps'>), steps } as T
}

export function redactResult(result: ScenarioResult, secrets: readonly string[]): ScenarioResult {
  return z.parse(
    ScenarioResultSchema,
    redactLabAnswer(result, `/auth/lab/scenarios/${result.scenario}`, secrets),
  )
}
