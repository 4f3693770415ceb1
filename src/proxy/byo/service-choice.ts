/**
 * Which service a browser's own app talks to (docs/decisions/0015-your-own-app.md): a choice
 * among a few kinds, turned into origins by this pure module before anything leaves. No URL the
 * user types ever reaches the network (SSRF, OWASP ASVS 5.2.6): a space is one DNS label that
 * becomes `https://<label>.yuque.com`, a host is one of the operator's BYO_HOSTS compared by its
 * exact text, and everything else is refused with a field and a stable code the browser
 * translates. Tests: service-choice.test.ts (the refusal table, and no connection before it).
 */
import {
  SPACE_HOST_SUFFIX,
  YUQUE_ORIGIN,
  spaceLabelProblem,
  type FieldCode,
  type OfferedService,
  type ServiceChoice,
  type ServiceKind,
} from '../../protocol/your-app-api'
import { spaceOrigin } from '../../protocol/space-host'

export type { ServiceChoice }

/**
 * The choices as this server's configuration allows them. The service the operator configured
 * (YUQUE_AUTH_URL) is offered as a host beside BYO_HOSTS: a user may bring an app registered
 * there, and the operator already trusts that origin with its own app's secret. Yuque's own
 * origin is not repeated: it is the `yuque` kind.
 */
export function serviceOptionsOf(config: {
  service: 'emulator' | 'yuque'
  authUrl: URL
  byoHosts: readonly string[]
}): ServiceOptions {
  const operatorOrigin = config.authUrl.origin
  const isExtraHost =
    config.service === 'yuque' &&
    operatorOrigin !== YUQUE_ORIGIN &&
    !config.byoHosts.includes(operatorOrigin)
  return {
    service: config.service,
    emulatorOrigin: config.service === 'emulator' ? operatorOrigin : null,
    byoHosts: isExtraHost ? [operatorOrigin, ...config.byoHosts] : config.byoHosts,
  }
}

/** What the choices are resolved against: the operator's configuration (config.ts). */
export interface ServiceOptions {
  /** config.service: with `emulator`, Yuque and its spaces are the embedded emulator. */
  service: 'emulator' | 'yuque'
  /** Where the embedded emulator answers; null when none runs. */
  emulatorOrigin: string | null
  /** BYO_HOSTS, normalised origins (byo-config.ts). */
  byoHosts: readonly string[]
}

/** A choice with the origins it reaches: the only place calls to a browser's service start. */
export interface ResolvedService {
  choice: ServiceChoice
  origin: string
  /** Hosts `/oauth2/authorize` and `/oauth2/token`. */
  authUrl: URL
  /** The API base, ending in `/api/v2/`. */
  baseUrl: URL
  /** True when the choice is served by the embedded emulator instead (see emulatedOrigin). */
  emulated: boolean
}

/** The codes of a refused choice (the protocol's FIELD_CODES, listed in the decision). */
export type ChoiceCode = Extract<
  FieldCode,
  | 'required'
  | 'invalid'
  | 'unknown_kind'
  | 'unavailable'
  | 'unexpected'
  | 'space_label'
  | 'space_reserved'
  | 'host_not_offered'
>

export interface ChoiceProblem {
  /** `service`, `service.kind`, `service.space`, `service.host`, or `service.<unexpected key>`. */
  field: string
  code: ChoiceCode
}

export type ChoiceResult =
  { ok: true; service: ResolvedService } | { ok: false; problems: ChoiceProblem[] }

/** The keys each kind takes besides `kind`. */
const KEYS: Record<ServiceKind, readonly string[]> = {
  emulator: [],
  yuque: [],
  space: ['space'],
  host: ['host'],
}
const isKind = (value: unknown): value is ServiceKind =>
  typeof value === 'string' && Object.hasOwn(KEYS, value)

/**
 * THE mapping onto the embedded emulator, in one place so that it is easy to change: when the
 * playground serves the emulator (config.service `emulator`), Yuque and every space are that
 * emulator (a space: its own tenant, on its subdomain), so the whole path runs offline. Null: the
 * choice is not mapped.
 */
function emulatedOrigin(choice: ServiceChoice, options: ServiceOptions): string | null {
  if (options.emulatorOrigin === null) return null
  if (choice.kind === 'emulator') return options.emulatorOrigin
  if (options.service !== 'emulator') return null
  if (choice.kind === 'yuque') return options.emulatorOrigin
  // The space's own tenant of the emulator, on its subdomain (docs/emulator.md#enterprise-spaces).
  return choice.kind === 'space' ? spaceOrigin(options.emulatorOrigin, choice.space) : null
}

/** The origin a valid choice reaches when it is not mapped onto the emulator. */
function ownOrigin(choice: Exclude<ServiceChoice, { kind: 'emulator' }>): string {
  switch (choice.kind) {
    case 'yuque':
      return YUQUE_ORIGIN
    case 'space':
      return `https://${choice.space}${SPACE_HOST_SUFFIX}`
    case 'host':
      return choice.host
  }
}

function resolved(choice: ServiceChoice, options: ServiceOptions): ResolvedService {
  const mapped = emulatedOrigin(choice, options)
  // An emulator choice without an emulator was refused before (`unavailable`).
  const origin = mapped ?? ownOrigin(choice as Exclude<ServiceChoice, { kind: 'emulator' }>)
  return {
    choice,
    origin,
    authUrl: new URL(`${origin}/`),
    baseUrl: new URL(`${origin}/api/v2/`),
    emulated: mapped !== null,
  }
}

/**
 * A space is one DNS label, lower case (letters, digits and `-`, 1 to 63, no `-` at either
 * end), and not one that names no space: `www`, punycode (a look-alike of another name), or a
 * label that reads as a number (`2130706433`, `0x7f000001`): the protocol's rule, shared with
 * the page (your-app-api.ts, SPACE_LABEL_PATTERN).
 */
function spaceProblem(space: unknown): ChoiceCode | null {
  if (space === undefined) return 'required'
  return typeof space === 'string' ? spaceLabelProblem(space) : 'space_label'
}

/**
 * The service a request body's `service` names, or every problem with it. `input` is whatever
 * the JSON held; only an exact, listed value goes through.
 */
export function resolveService(input: unknown, options: ServiceOptions): ChoiceResult {
  const refuse = (field: string, code: ChoiceCode): ChoiceResult => ({
    ok: false,
    problems: [{ field, code }],
  })
  if (input === undefined || input === null) return refuse('service', 'required')
  if (typeof input !== 'object' || Array.isArray(input)) return refuse('service', 'invalid')
  const fields = input as Record<string, unknown>
  const { kind } = fields
  if (kind === undefined) return refuse('service.kind', 'required')
  if (!isKind(kind)) return refuse('service.kind', 'unknown_kind')
  const problems: ChoiceProblem[] = Object.keys(fields)
    .filter((key) => key !== 'kind' && !KEYS[kind].includes(key))
    .map((key) => ({ field: `service.${key.slice(0, 40)}`, code: 'unexpected' }))
  if (!offeredKinds(options).includes(kind)) {
    problems.push({ field: 'service.kind', code: 'unavailable' })
  }
  let choice: ServiceChoice | null = null
  if (kind === 'space') {
    const code = spaceProblem(fields.space)
    if (code === null) choice = { kind, space: fields.space as string }
    else problems.push({ field: 'service.space', code })
  } else if (kind === 'host') {
    const { host } = fields
    if (host === undefined || host === '') {
      problems.push({ field: 'service.host', code: 'required' })
    } else if (typeof host === 'string' && options.byoHosts.includes(host)) {
      choice = { kind, host }
    } else {
      problems.push({ field: 'service.host', code: 'host_not_offered' })
    }
  } else {
    choice = { kind }
  }
  if (problems.length > 0 || choice === null) return { ok: false, problems }
  return { ok: true, service: resolved(choice, options) }
}

/** The kinds a browser may pick here: the emulator only where one runs, hosts only when listed. */
export function offeredKinds(options: ServiceOptions): ServiceKind[] {
  return [
    ...(options.emulatorOrigin === null ? [] : (['emulator'] as const)),
    'yuque',
    'space',
    ...(options.byoHosts.length === 0 ? [] : (['host'] as const)),
  ]
}

/** What GET /auth/app lists: each kind, every host apart, and where it goes. */
export function offeredServices(options: ServiceOptions): OfferedService[] {
  return offeredKinds(options).flatMap((kind): OfferedService[] => {
    if (kind === 'host') {
      return options.byoHosts.map((host) => ({ kind, host, origin: host, emulated: false }))
    }
    const probe: ServiceChoice = kind === 'space' ? { kind, space: 'space' } : { kind }
    const mapped = emulatedOrigin(probe, options)
    // A space's origin as a pattern, `{space}` where its label goes.
    const pattern = mapped?.replace('//space.', '//{space}.') ?? null
    const origin =
      pattern ?? (kind === 'space' ? `https://{space}${SPACE_HOST_SUFFIX}` : YUQUE_ORIGIN)
    return [{ kind, origin, emulated: mapped !== null }]
  })
}
