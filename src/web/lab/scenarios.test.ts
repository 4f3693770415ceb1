import { describe, expect, it } from 'vitest'
import {
  HONEST_SCENARIO_IDS,
  LAB_SCENARIO_IDS,
  type LabScenarioId,
  type LabStatus,
} from '../../protocol/lab-api'
import { DEFAULT_DRAFT, type EditorDraft } from './editor-draft'
import { PRESET_IDS, SCENARIO_GROUPS, applyPreset, unavailable } from './scenarios'

const EMULATOR: LabStatus = { runnable: [...LAB_SCENARIO_IDS], profile: 'seed', reason: null }
const REAL: LabStatus = { runnable: [], profile: null, reason: 'real-service' }

describe('the scenarios’ groups', () => {
  it('list every scenario once, in the contract’s order', () => {
    const listed = SCENARIO_GROUPS.flatMap((group) => group.scenarios)
    expect([...listed].sort()).toEqual([...LAB_SCENARIO_IDS].sort())
    expect(new Set(listed).size).toBe(LAB_SCENARIO_IDS.length)
    for (const group of SCENARIO_GROUPS) {
      const order = group.scenarios.map((id) => LAB_SCENARIO_IDS.indexOf(id))
      expect(order, group.id).toEqual([...order].sort((a, b) => a - b))
    }
  })
})

describe('unavailable (why a scenario cannot run here)', () => {
  it('is null for every scenario the server runs', () => {
    for (const id of LAB_SCENARIO_IDS) expect(unavailable(id, EMULATOR), id).toBeNull()
  })

  it('offers the honest ones against a real service as presets, and says the others need the emulator', () => {
    for (const id of LAB_SCENARIO_IDS) {
      const why = unavailable(id, REAL)?.kind
      if (!HONEST_SCENARIO_IDS.includes(id)) expect(why, id).toBe('test-control')
      else expect(why, id).toBe(id === 'redirect-uri-token' ? 'not-in-editor' : 'preset')
    }
  })

  it('says the lab is off, or that a client-code app is missing, or the server’s own reason', () => {
    expect(unavailable('code-reused', { runnable: [], profile: null, reason: 'lab-off' })).toEqual({
      kind: 'lab-off',
    })
    expect(
      unavailable('code-reused', { runnable: [], profile: null, reason: 'emulator-unavailable' }),
    ).toEqual({ kind: 'emulator-unavailable' })
    const noClientCode: LabStatus = {
      ...EMULATOR,
      runnable: LAB_SCENARIO_IDS.filter((id) => !id.startsWith('client-code')),
    }
    expect(unavailable('client-code-denied', noClientCode)).toEqual({ kind: 'client-code' })
    expect(unavailable('code-reused', { runnable: [], profile: null, reason: 'later' })).toEqual({
      kind: 'other',
      reason: 'later',
    })
  })
})

/** The fields of the editor that differ between two drafts. */
const changed = (a: EditorDraft, b: EditorDraft) =>
  (Object.keys(a) as (keyof EditorDraft)[]).filter(
    (key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]),
  )

describe('applyPreset (an honest scenario, made with the editor)', () => {
  const base: EditorDraft = { ...DEFAULT_DRAFT, scopes: ['repo:read'] }
  const expected: Record<(typeof PRESET_IDS)[number], Partial<EditorDraft>> = {
    'consent-denied': {},
    'state-tampered': { afterReturn: 'tamper-state' },
    'state-missing': { stateMode: 'omitted' },
    'code-reused': { afterReturn: 'exchange-twice' },
    'redirect-uri-authorize': { redirect: 'changed' },
    'scope-missing': { scopes: [], afterReturn: 'call-api' },
  }
  it.each(PRESET_IDS)('%s changes what it names and nothing else', (id) => {
    const draft = applyPreset(id, base)
    expect(draft).toEqual({ ...base, ...expected[id] })
    expect(changed(base, draft).sort()).toEqual(Object.keys(expected[id]).sort())
  })

  it('exists for every honest scenario the editor can shape', () => {
    const honest: readonly LabScenarioId[] = HONEST_SCENARIO_IDS
    expect([...PRESET_IDS].sort()).toEqual(
      honest.filter((id) => id !== 'redirect-uri-token').sort(),
    )
  })
})
