/**
 * The lab's editor as data: what the user chose for each parameter of the authorization request,
 * the request `POST /auth/lab/start` takes from it (src/protocol/lab-api.ts LabRequestSchema, whose
 * limits are checked here first, field by field), and the options the one preview function of the
 * connect page takes (src/web/connect/scope-selection.ts). Pure: editor-draft.test.ts.
 */
import type {
  LAB_AFTER_RETURN,
  LAB_REDIRECT_MODES,
  LAB_STATE_MODES,
  LabPkceMode,
  LabRequest,
} from '../../protocol/lab-api'
import { canonicalScopes } from '../../protocol/scopes'
import type { PreviewOptions } from '../connect/scope-selection'

export type StateMode = (typeof LAB_STATE_MODES)[number]
export type RedirectMode = (typeof LAB_REDIRECT_MODES)[number]
export type PkceMode = LabPkceMode
export type AfterReturn = (typeof LAB_AFTER_RETURN)[number]

/** `code`, the implicit grant's `token` (RFC 9700 §2.1.2 forbids it), or what the user types. */
export const RESPONSE_TYPE_CHOICES = ['code', 'token', 'other'] as const
export type ResponseTypeChoice = (typeof RESPONSE_TYPE_CHOICES)[number]

export interface EditorDraft {
  scopes: string[]
  stateMode: StateMode
  /** Kept as typed, also while another mode is chosen (switching back finds it). */
  ownState: string
  redirect: RedirectMode
  responseType: ResponseTypeChoice
  otherResponseType: string
  pkce: PkceMode
  afterReturn: AfterReturn
}

/** A correct client's request: what the connect page sends, with PKCE. */
export const DEFAULT_DRAFT: EditorDraft = {
  scopes: [],
  stateMode: 'generated',
  ownState: '',
  redirect: 'registered',
  responseType: 'code',
  otherResponseType: '',
  pkce: 'S256',
  afterReturn: 'none',
}

/** LabRequestSchema's limits (src/protocol/lab-api.ts). */
export const OWN_STATE_MAX = 512
export const RESPONSE_TYPE_MAX = 32

/** The fields the editor can find in error; the server names the same in its 400 (lab-errors.ts). */
export type EditorField = 'ownState' | 'responseType'
export type EditorProblem = 'required' | 'too_long'
export type EditorProblems = Partial<Record<EditorField, EditorProblem>>

/** The `response_type` to send: the choice, or the text typed for "other", as typed. */
export function responseTypeOf(draft: EditorDraft): string {
  return draft.responseType === 'other' ? draft.otherResponseType : draft.responseType
}

function lengthProblem(value: string, max: number): EditorProblem | null {
  if (value === '') return 'required'
  return value.length > max ? 'too_long' : null
}

/** What the server would refuse, found before anything is sent; empty when there is nothing. */
export function checkDraft(draft: EditorDraft): EditorProblems {
  const problems: EditorProblems = {}
  if (draft.stateMode === 'own') {
    const problem = lengthProblem(draft.ownState, OWN_STATE_MAX)
    if (problem !== null) problems.ownState = problem
  }
  const responseType = lengthProblem(responseTypeOf(draft), RESPONSE_TYPE_MAX)
  if (responseType !== null) problems.responseType = responseType
  return problems
}

/** The request to start: the scopes in canonical form, the user's state only when it is sent. */
export function toLabRequest(draft: EditorDraft): LabRequest {
  return {
    scopes: canonicalScopes(draft.scopes),
    stateMode: draft.stateMode,
    ...(draft.stateMode === 'own' ? { ownState: draft.ownState } : {}),
    redirect: draft.redirect,
    responseType: responseTypeOf(draft),
    pkce: draft.pkce,
    afterReturn: draft.afterReturn,
  }
}

/** The preview's options (scope-selection.ts): the same request, shown before it leaves. */
export function previewOptionsOf(draft: EditorDraft): PreviewOptions {
  return {
    state:
      draft.stateMode === 'own'
        ? { mode: 'own', value: draft.ownState }
        : { mode: draft.stateMode },
    redirect: draft.redirect,
    responseType: responseTypeOf(draft),
    pkce: draft.pkce,
  }
}
