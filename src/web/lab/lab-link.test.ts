import { describe, expect, it } from 'vitest'
import { LAB_SCENARIO_IDS } from '../../protocol/lab-api'
import { linkedScenario, scenarioLink, scenarioUrl } from './lab-link'

describe('the link to a scenario', () => {
  it.each(LAB_SCENARIO_IDS)('for %s holds the scenario’s id and nothing else', (id) => {
    const url = new URL(scenarioUrl('http://localhost:5173', id))
    expect(url.origin).toBe('http://localhost:5173')
    expect(url.pathname).toBe('/lab')
    expect(url.hash).toBe('')
    expect([...url.searchParams]).toEqual([['scenario', id]])
    expect(scenarioLink(id)).toBe(`/lab?scenario=${id}`)
  })

  it('opens the scenario it names, and nothing for an unknown one or none', () => {
    expect(linkedScenario('?scenario=code-reused')).toBe('code-reused')
    expect(linkedScenario('?scenario=code-reused&code=abc')).toBe('code-reused')
    expect(linkedScenario('?scenario=nonsense')).toBeNull()
    expect(linkedScenario('')).toBeNull()
  })
})
