/**
 * The lab's scenarios as the page lists them (src/protocol/lab-api.ts names them): in groups, each
 * runnable here or not and why, and the honest ones (what a client can cause itself) as presets
 * of the editor, which is what the lab offers against a real service. Pure: the page draws it,
 * scenarios.test.ts pins it down.
 */
import {
  HONEST_SCENARIO_IDS,
  LAB_SCENARIO_IDS,
  type LabScenarioId,
  type LabStatus,
} from '../../protocol/lab-api'
import type { EditorDraft } from './editor-draft'

export const SCENARIO_GROUP_IDS = [
  'authorization',
  'exchange',
  'tokens',
  'token-endpoint',
  'client-code',
  'requests',
] as const
export type ScenarioGroupId = (typeof SCENARIO_GROUP_IDS)[number]

/** Which group each scenario is listed in; the groups keep LAB_SCENARIO_IDS' order. */
const GROUP_OF: Record<LabScenarioId, ScenarioGroupId> = {
  'consent-denied': 'authorization',
  'state-tampered': 'authorization',
  'state-missing': 'authorization',
  'redirect-uri-authorize': 'authorization',
  'code-reused': 'exchange',
  'code-expired': 'exchange',
  'redirect-uri-token': 'exchange',
  'pkce-verifier-wrong': 'exchange',
  'client-secret-wrong': 'exchange',
  'scope-missing': 'tokens',
  'rate-limited': 'tokens',
  'token-revoked': 'tokens',
  'token-endpoint-5xx': 'token-endpoint',
  'token-endpoint-timeout': 'token-endpoint',
  'token-endpoint-dropped': 'token-endpoint',
  'error-in-200': 'token-endpoint',
  'client-code-pending': 'client-code',
  'client-code-denied': 'client-code',
  'client-code-expired': 'client-code',
  'client-code-bad-signature': 'client-code',
  'client-code-too-fast': 'client-code',
  'no-user-agent': 'requests',
}

export interface ScenarioGroup {
  id: ScenarioGroupId
  scenarios: LabScenarioId[]
}

export const SCENARIO_GROUPS: readonly ScenarioGroup[] = SCENARIO_GROUP_IDS.map((id) => ({
  id,
  scenarios: LAB_SCENARIO_IDS.filter((scenario) => GROUP_OF[scenario] === id),
}))

/**
 * Why a scenario cannot run here, as data (the page words it): the lab is off; the embedded
 * emulator's test control did not answer; the service is a real one, which cannot be made to fail
 * on demand (`test-control`) or lets the editor produce the scenario (`preset`) or not
 * (`not-in-editor`); the emulator runs but this server has no client-code app; or the server did
 * not offer it, for a reason of its own (`other`).
 */
export type Unavailable =
  | { kind: 'lab-off' }
  | { kind: 'emulator-unavailable' }
  | { kind: 'test-control' }
  | { kind: 'preset' }
  | { kind: 'not-in-editor' }
  | { kind: 'client-code' }
  | { kind: 'other'; reason: string | null }

const isClientCode = (id: LabScenarioId) => GROUP_OF[id] === 'client-code'

/** null when the scenario runs here (GET /auth/lab's `runnable`), else why not. */
export function unavailable(id: LabScenarioId, status: LabStatus): Unavailable | null {
  if (status.runnable.includes(id)) return null
  if (status.reason === 'lab-off') return { kind: 'lab-off' }
  if (status.reason === 'emulator-unavailable') return { kind: 'emulator-unavailable' }
  if (status.reason === 'real-service') {
    if (!HONEST_SCENARIO_IDS.includes(id)) return { kind: 'test-control' }
    return isPresetId(id) ? { kind: 'preset' } : { kind: 'not-in-editor' }
  }
  if (status.runnable.length > 0 && isClientCode(id)) return { kind: 'client-code' }
  return { kind: 'other', reason: status.reason }
}

/**
 * The editor shaped as the scenario: what a client can do itself to see it happen. The user
 * runs it, and for `consent-denied` clicks Deny at the service (the preset's words say so).
 * `redirect-uri-token` has none: the editor shapes the authorize request, and that scenario
 * changes the exchange's redirect_uri after an authorize request as registered.
 */
export const PRESET_IDS = [
  'consent-denied',
  'state-tampered',
  'state-missing',
  'code-reused',
  'redirect-uri-authorize',
  'scope-missing',
] as const satisfies readonly LabScenarioId[]
export type PresetId = (typeof PRESET_IDS)[number]

export const isPresetId = (id: LabScenarioId): id is PresetId =>
  (PRESET_IDS as readonly string[]).includes(id)

const PRESETS: Record<PresetId, (draft: EditorDraft) => EditorDraft> = {
  'consent-denied': (draft) => ({ ...draft, afterReturn: 'none' }),
  'state-tampered': (draft) => ({ ...draft, stateMode: 'generated', afterReturn: 'tamper-state' }),
  'state-missing': (draft) => ({ ...draft, stateMode: 'omitted' }),
  'code-reused': (draft) => ({ ...draft, afterReturn: 'exchange-twice' }),
  'redirect-uri-authorize': (draft) => ({ ...draft, redirect: 'changed' }),
  // Every scope left out: the API call the proxy makes after the return needs one.
  'scope-missing': (draft) => ({ ...draft, scopes: [], afterReturn: 'call-api' }),
}

/**
 * The editor with the scenario's change made, from a request as sent by a correct client: only
 * what the scenario names differs from `base` (the editor's defaults, with the user's scopes).
 */
export function applyPreset(id: PresetId, base: EditorDraft): EditorDraft {
  return PRESETS[id](base)
}
