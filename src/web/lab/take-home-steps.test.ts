import { expect, test } from 'vitest'
import { LAB_SCENARIO_IDS } from '../../protocol/lab-api'
import type { TraceStep } from '../../protocol/trace'
import { SCENARIO_STEPS, scopeOfSteps } from './take-home-steps'

test('offers code for at least one step of every scenario', () => {
  for (const id of LAB_SCENARIO_IDS) expect(SCENARIO_STEPS[id].length, id).toBeGreaterThan(0)
})

test('takes the scope from the run’s first authorize request, or none', () => {
  const step = (kind: TraceStep['kind'], scope: string): TraceStep => ({
    kind,
    title: '',
    outcome: 'info',
    notes: [],
    request: {
      method: 'GET',
      url: 'http://127.0.0.1/oauth2/authorize',
      paramsIn: 'query',
      params: [{ name: 'scope', value: scope }],
      headers: [],
    },
  })
  expect(
    scopeOfSteps([step('api', 'x'), step('authorize', 'repo:read'), step('authorize', 'doc')]),
  ).toBe('repo:read')
  expect(scopeOfSteps([step('api', 'x')])).toBe('')
})
