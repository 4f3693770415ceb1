/**
 * The flow lab's contract (docs/decisions/0016-flow-lab.md): `/auth/lab/*`, between the lab page
 * (src/web/lab/) and the proxy (src/proxy/lab/). Two kinds of run:
 * - a scenario: the proxy runs one whole flow against the embedded emulator with one thing
 *   changed (it drives the emulator's sign-in and consent pages as the user would, and its
 *   test-control API for faults, the clock and revocation), and answers what it saw;
 * - a request the user shaped in the editor: the browser really goes to the authorize endpoint
 *   and comes back to the registered redirect URI; the proxy checks the return and exchanges.
 * Either way the answer carries no secret: raw HTTP is the flow inspector's redacted steps
 * (trace.ts), where codes, tokens, secrets and verifiers are placeholders.
 *
 * zod/mini with `@__PURE__` on each `.check()`, as in playground-api.ts: only the lab's own chunk
 * imports this module, never the first load (bench/bundle-budget.test.ts).
 */
import { z } from 'zod/mini'
import { stringMap } from './envelope'
import { TraceStepSchema } from './trace'

/** Every scenario, in the order the lab lists them and "run all" runs them. */
export const LAB_SCENARIO_IDS = [
  'consent-denied',
  'state-tampered',
  'state-missing',
  'code-reused',
  'code-expired',
  'redirect-uri-authorize',
  'redirect-uri-token',
  'pkce-verifier-wrong',
  'client-secret-wrong',
  'scope-missing',
  'rate-limited',
  'token-revoked',
  'token-endpoint-5xx',
  'token-endpoint-timeout',
  'token-endpoint-dropped',
  'error-in-200',
  'client-code-pending',
  'client-code-denied',
  'client-code-expired',
  'client-code-bad-signature',
  'client-code-too-fast',
  'no-user-agent',
] as const
export type LabScenarioId = (typeof LAB_SCENARIO_IDS)[number]

/**
 * The scenarios a real service lets the lab produce honestly: each needs only what a client
 * itself controls (what it sends, what it checks, the user's own click). The others need the
 * emulator's test control (a fault, its clock, a revocation) and are shown disabled elsewhere.
 */
export const HONEST_SCENARIO_IDS: readonly LabScenarioId[] = [
  'consent-denied',
  'state-tampered',
  'state-missing',
  'code-reused',
  'redirect-uri-authorize',
  'redirect-uri-token',
  'scope-missing',
]

export const isLabScenarioId = (value: string): value is LabScenarioId =>
  (LAB_SCENARIO_IDS as readonly string[]).includes(value)

/**
 * One check the client made (the callback's, the exchange's, an API answer's), with its verdict
 * and the rule that asks for it. `id` names the check; the page words it in its language from
 * `id` and `values` (never secrets: a state is shortened, `AbC1x9…`).
 */
export const LabCheckSchema = z.object({
  id: z.string(),
  verdict: z.enum(['pass', 'fail', 'skip']),
  /** The rule, as cited: `RFC 6749 §4.1.2`, `RFC 7636 §4.6`, `RFC 9700 §2.1`, `docs/service.md#…`. */
  rule: z.string(),
  // stringMap, not z.record: zod's record schema would ride into what every page loads as its
  // first request leaves (zod is there: bench/bundle-budget.test.ts), ~0.6 kB gzip for the lab.
  values: z.optional(stringMap(z.string())),
})
export type LabCheck = z.infer<typeof LabCheckSchema>

/** The profile the emulator answered in: `seed` (the spec) or `observed` (the real service). */
export const LAB_PROFILES = ['seed', 'observed'] as const
export type LabProfile = (typeof LAB_PROFILES)[number]

export const ScenarioResultSchema = z.object({
  scenario: z.enum(LAB_SCENARIO_IDS),
  profile: z.nullable(z.enum(LAB_PROFILES)),
  /** Whether what happened is what the rule says should happen. */
  passed: z.boolean(),
  /**
   * What should happen and what did, each in the protocol's own words, language-neutral: a status
   * and an error code (`400 invalid_grant`, `303 → error=access_denied`, `error page 400, no
   * redirect`, `401 (token revoked)`).
   */
  expected: z.string(),
  actual: z.string(),
  /** The rule that fired: the one `expected` comes from. */
  rule: z.string(),
  checks: z.array(LabCheckSchema),
  /** Every call made to the service, in order, redacted (trace.ts). */
  steps: z.array(TraceStepSchema),
  /** How long the run took, ms. */
  durationMs: z.number(),
})
export type ScenarioResult = z.infer<typeof ScenarioResultSchema>

/** `GET /auth/lab`: what the lab can do here. */
export const LabStatusSchema = z.object({
  /** The scenarios the proxy can run here; empty when the service is not the embedded emulator. */
  runnable: z.array(z.enum(LAB_SCENARIO_IDS)),
  profile: z.nullable(z.enum(LAB_PROFILES)),
  /**
   * Why scenarios cannot run, when `runnable` is empty: `real-service`, `lab-off`, or
   * `emulator-unavailable` (its test control did not answer).
   */
  reason: z.nullable(z.string()),
})
export type LabStatus = z.infer<typeof LabStatusSchema>

/** How the editor's request carries `state`. */
export const LAB_STATE_MODES = ['generated', 'own', 'omitted'] as const
export const LAB_PKCE_MODES = ['S256', 'plain', 'off'] as const
export type LabPkceMode = (typeof LAB_PKCE_MODES)[number]
export const LAB_REDIRECT_MODES = ['registered', 'changed'] as const
/** What the client does after the return, beyond checking it and exchanging the code once. */
export const LAB_AFTER_RETURN = ['none', 'tamper-state', 'exchange-twice', 'call-api'] as const

export const LabRequestSchema = z.object({
  scopes: /* @__PURE__ */ z.array(z.string()).check(z.maxLength(32)),
  stateMode: z.enum(LAB_STATE_MODES),
  /** The user's own `state`, with `stateMode: 'own'`. */
  ownState: z.optional(/* @__PURE__ */ z.string().check(z.minLength(1), z.maxLength(512))),
  redirect: z.enum(LAB_REDIRECT_MODES),
  /** `code`, or what else the user wants to see refused (`token`, RFC 9700 §2.1.2). */
  responseType: /* @__PURE__ */ z.string().check(z.minLength(1), z.maxLength(32)),
  pkce: z.enum(LAB_PKCE_MODES),
  afterReturn: z.enum(LAB_AFTER_RETURN),
})
export type LabRequest = z.infer<typeof LabRequestSchema>

/** `POST /auth/lab/start`: where the browser goes now. */
export const LabStartResponseSchema = z.object({
  authorizeUrl: z.url(),
  /** The parameters as sent, in order: `state` and the challenge shortened. */
  params: z.array(z.array(z.string())),
})
export type LabStartResponse = z.infer<typeof LabStartResponseSchema>

/** `POST /auth/lab/finish`: the callback's query string, as the browser came back with it. */
export const LabFinishRequestSchema = z.object({
  query: /* @__PURE__ */ z.string().check(z.maxLength(8192)),
})
export type LabFinishRequest = z.infer<typeof LabFinishRequestSchema>

/** What the editor's run found: the callback's checks, then the calls made, redacted. */
export const LabRunResultSchema = z.object({
  checks: z.array(LabCheckSchema),
  steps: z.array(TraceStepSchema),
  /** `connected`-like summary: whether a token was obtained (it stays in the proxy, then dropped). */
  exchanged: z.boolean(),
  actual: z.string(),
})
export type LabRunResult = z.infer<typeof LabRunResultSchema>

// The run's cookie and the lab's callback path: in a module without zod, for the login's callback
// code, which reads them (lab-run.ts).
export { LAB_CALLBACK_PATH, LAB_RUN_COOKIE } from './lab-run'
