/**
 * The "Your app" page's forms as data: what the user typed, what it checks before anything
 * leaves, and the request bodies it becomes (src/protocol/your-app-api.ts). Pure, so the rules
 * are tested alone (app-form-state.test.ts); the components only hold the text and show it.
 * The text stays as typed in the fields (no caret jumps, no lost characters): trimming and the
 * space's lower case happen here, in what is sent and previewed.
 */
import {
  FIELD_MAX_LENGTH,
  SPACE_HOST_SUFFIX,
  YUQUE_ORIGIN,
  spaceLabelProblem,
  type FieldCode,
  type OfferedService,
  type OwnApp,
  type SaveAppRequest,
  type SaveTokenRequest,
  type SavedApp,
  type ServiceChoice,
  type ServiceKind,
} from '../../protocol/your-app-api'

/** The service picked, with the text of its own field (the space's label, the host's choice). */
export interface ServiceDraft {
  kind: ServiceKind
  space: string
  host: string
}

export interface AppDraft {
  clientId: string
  clientSecret: string
  /** A secret is saved and Replace was not pressed: the request leaves it out (keep it). */
  keepsSecret: boolean
  codeClientId: string
  codeClientSecret: string
  keepsCodeSecret: boolean
}

/** A refused field's path in a request body, as the proxy names it, and its code. */
export type FieldProblems = Record<string, FieldCode | string>

/** The fields of the page, in the order they are drawn: focus goes to the first refused. */
export const FIELD_ORDER = [
  'service',
  'service.kind',
  'service.space',
  'service.host',
  'clientId',
  'clientSecret',
  'codeClient',
  'codeClient.clientId',
  'codeClient.clientSecret',
  'token',
] as const
export type FieldPath = (typeof FIELD_ORDER)[number]

export function isFieldPath(path: string): path is FieldPath {
  return (FIELD_ORDER as readonly string[]).includes(path)
}

/** The first field in error, in the page's order; null when none of the page's fields is. */
export function firstFieldInError(problems: FieldProblems): FieldPath | null {
  return FIELD_ORDER.find((path) => Object.hasOwn(problems, path)) ?? null
}

/** The service the form starts with: the saved app's, else the first the server offers. */
export function initialService(
  saved: SavedApp | null,
  services: readonly OfferedService[],
): ServiceDraft {
  const firstHost = services.find((service) => service.kind === 'host')
  const host = firstHost?.kind === 'host' ? firstHost.host : ''
  if (saved !== null) {
    const { kind, space = '', host: savedHost } = saved.service
    return { kind, space, host: savedHost ?? host }
  }
  return { kind: services[0]?.kind ?? 'yuque', space: '', host }
}

/** The app's fields as they start: the saved app's id, its secrets kept; empty without one. */
export function initialApp(saved: OwnApp | null): AppDraft {
  return {
    clientId: saved?.clientId ?? '',
    clientSecret: '',
    keepsSecret: saved !== null,
    codeClientId: saved?.codeClient?.clientId ?? '',
    codeClientSecret: '',
    keepsCodeSecret: saved?.codeClient != null,
  }
}

/**
 * A space's label from what was typed: its address pasted whole (`https://mycorp.yuque.com/…`)
 * gives its label too, and the label is lower case as host names are.
 */
export function normaliseSpace(input: string): string {
  let value = input.trim().toLowerCase()
  value = value.replace(/^[a-z]+:\/\//, '').replace(/[/?#].*$/, '')
  if (value.endsWith(SPACE_HOST_SUFFIX)) value = value.slice(0, -SPACE_HOST_SUFFIX.length)
  return value
}

export function serviceChoice(draft: ServiceDraft): ServiceChoice {
  switch (draft.kind) {
    case 'emulator':
    case 'yuque':
      return { kind: draft.kind }
    case 'space':
      return { kind: 'space', space: normaliseSpace(draft.space) }
    case 'host':
      return { kind: 'host', host: draft.host }
  }
}

/** What the origin preview shows for the service as it stands; null: the emulator's, unknown. */
export interface OriginPreview {
  origin: string | null
  /** The space's label is still missing: `origin` shows where it goes. */
  isPlaceholder: boolean
  /** The server says the embedded emulator stands in for this service here. */
  isEmulated: boolean
}

export function originPreview(
  draft: ServiceDraft,
  services: readonly OfferedService[],
  placeholder: string,
): OriginPreview {
  const offered = services.find((service) => service.kind === draft.kind)
  const isEmulated = draft.kind !== 'emulator' && offered?.emulated === true
  switch (draft.kind) {
    case 'emulator':
      return { origin: offered?.origin ?? null, isPlaceholder: false, isEmulated: false }
    case 'yuque':
      return { origin: YUQUE_ORIGIN, isPlaceholder: false, isEmulated }
    case 'space': {
      const label = normaliseSpace(draft.space)
      return {
        origin: `https://${label === '' ? placeholder : label}${SPACE_HOST_SUFFIX}`,
        isPlaceholder: label === '',
        isEmulated,
      }
    }
    case 'host':
      return { origin: draft.host === '' ? null : draft.host, isPlaceholder: false, isEmulated }
  }
}

function textProblem(value: string, max: number): FieldCode | null {
  if (value === '') return 'required'
  return value.length > max ? 'too_long' : null
}

/** The service's own field, checked as the proxy checks it. */
export function checkService(draft: ServiceDraft): FieldProblems {
  if (draft.kind === 'space') {
    const problem = spaceLabelProblem(normaliseSpace(draft.space))
    return problem === null ? {} : { 'service.space': problem }
  }
  if (draft.kind === 'host' && draft.host === '') return { 'service.host': 'required' }
  return {}
}

/** Everything the app's form would be refused for, before it leaves. */
export function checkApp(service: ServiceDraft, app: AppDraft): FieldProblems {
  const problems: FieldProblems = { ...checkService(service) }
  const add = (path: FieldPath, problem: FieldCode | null) => {
    if (problem !== null) problems[path] = problem
  }
  add('clientId', textProblem(app.clientId.trim(), FIELD_MAX_LENGTH.clientId))
  if (!app.keepsSecret) {
    add('clientSecret', textProblem(app.clientSecret.trim(), FIELD_MAX_LENGTH.clientSecret))
  }
  const codeId = app.codeClientId.trim()
  const codeSecret = app.keepsCodeSecret ? '' : app.codeClientSecret.trim()
  if (codeId !== '' || codeSecret !== '') {
    add('codeClient.clientId', textProblem(codeId, FIELD_MAX_LENGTH.clientId))
    if (!app.keepsCodeSecret) {
      add('codeClient.clientSecret', textProblem(codeSecret, FIELD_MAX_LENGTH.clientSecret))
    }
  }
  return problems
}

/**
 * `PUT /auth/app`'s body: the secret left out while the saved one is kept (only the id
 * changes), the client-code app left out when its fields are empty.
 */
export function saveAppRequest(service: ServiceDraft, app: AppDraft): SaveAppRequest {
  const codeClientId = app.codeClientId.trim()
  const codeSecret = app.codeClientSecret.trim()
  const hasCodeClient = codeClientId !== '' || (!app.keepsCodeSecret && codeSecret !== '')
  return {
    service: serviceChoice(service),
    clientId: app.clientId.trim(),
    ...(app.keepsSecret ? {} : { clientSecret: app.clientSecret.trim() }),
    ...(hasCodeClient
      ? {
          codeClient: {
            clientId: codeClientId,
            ...(app.keepsCodeSecret ? {} : { clientSecret: codeSecret }),
          },
        }
      : {}),
  }
}

/** The token's form: the service's field and the token. */
export function checkToken(service: ServiceDraft, token: string): FieldProblems {
  const problems: FieldProblems = { ...checkService(service) }
  const problem = textProblem(token.trim(), FIELD_MAX_LENGTH.token)
  if (problem !== null) problems.token = problem
  return problems
}

export function saveTokenRequest(service: ServiceDraft, token: string): SaveTokenRequest {
  return { service: serviceChoice(service), token: token.trim() }
}
