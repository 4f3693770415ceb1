/**
 * How one flow lab scenario runs (docs/architecture.md#the-flow-labs-scenarios): against the app
 * the browser uses (byo/effective-app.ts) on the embedded emulator, one run at a time in this
 * process (the emulator's clock and PKCE mode are the whole emulator's), with a recorder, the
 * lab's own user agent and the emulator's test control. Whatever happens, the run ends by
 * undoing what it changed (the clock, the PKCE mode), revoking every token it got and signing
 * out of the service's pages; its answer is then redacted of every secret it handled.
 */
import type { LabProfile, LabScenarioId, ScenarioResult } from '../../protocol/lab-api'
import type { LabCheck } from '../../protocol/lab-api'
import type { EffectiveApp } from '../byo/effective-app'
import { configSecrets } from '../config'
import type { ProxyContext } from '../context'
import { vaultSecrets } from '../byo/effective-app'
import {
  createEmulatorControl,
  type EmulatorControl,
  type EmulatorSettings,
} from './emulator-control'
import type { LabRun } from './lab-client'
import { redactResult } from './lab-redaction'
import { Recorder } from './recorder'
import { UserAgent } from './user-agent'

/** What a scenario found: what should happen, what did, and each check with its verdict. */
export interface Verdict {
  expected: string
  actual: string
  passed: boolean
  rule: string
  checks: LabCheck[]
}

export type ScenarioRunner = (run: LabRun) => Promise<Verdict>

/** The longest a single call of a run may take: a run stays within a few seconds. */
export const LAB_CALL_TIMEOUT_MS = 2_500
/** Runs waiting for the one in progress; more are refused (busy) rather than queued. */
export const MAX_WAITING_RUNS = 8

/** One run at a time: a promise chain, with a bound on how many may wait. */
export function createRunQueue(maxWaiting = MAX_WAITING_RUNS) {
  let tail: Promise<unknown> = Promise.resolve()
  let waiting = 0
  return {
    /** Runs `task` after the runs before it, or answers `busy` when too many wait. */
    run<T>(task: () => Promise<T>): Promise<T | 'busy'> {
      if (waiting >= maxWaiting) return Promise.resolve('busy')
      waiting += 1
      const result = tail.then(() => {
        waiting -= 1
        return task()
      })
      tail = result.catch(() => undefined)
      return result
    },
  }
}

/** The test control of the app's service: the emulator's origin, or its space's. */
export function controlFor(ctx: ProxyContext, app: EffectiveApp): EmulatorControl {
  return createEmulatorControl(ctx.upstream, new URL(app.authUrl.origin), callTimeout(ctx))
}

export function callTimeout(ctx: ProxyContext): number {
  return Math.min(ctx.config.upstreamTimeoutMs, LAB_CALL_TIMEOUT_MS)
}

/** Runs one scenario to its end and answers its result, redacted. */
export async function runScenario(
  ctx: ProxyContext,
  app: EffectiveApp,
  scenario: LabScenarioId,
  runner: ScenarioRunner,
): Promise<ScenarioResult> {
  const started = performance.now()
  const rec = new Recorder(ctx.upstream, callTimeout(ctx))
  const control = controlFor(ctx, app)
  const agent = new UserAgent(
    rec,
    new URL(app.authUrl.origin),
    `${ctx.config.userAgent} (flow lab)`,
  )
  const undo: (() => Promise<void>)[] = []
  const tokens: string[] = []
  let profile: LabProfile | null = null
  let verdict: Verdict
  try {
    const settings: EmulatorSettings = await control.settings()
    profile = settings.profile
    const run: LabRun = {
      app,
      rec,
      agent,
      control,
      settings,
      profile: settings.profile,
      redirectUri: ctx.config.redirectUri,
      pkce: ctx.config.pkce === 'S256',
      userAgent: ctx.config.userAgent,
      random: ctx.randomBytes,
      clock: ctx.clock,
      onCleanup: (step) => void undo.push(step),
      keepToken: (token) => void tokens.push(token),
    }
    verdict = await runner(run)
  } catch (error) {
    verdict = {
      expected: 'the scenario runs to its end',
      actual: `lab error: ${error instanceof Error ? error.message : 'failed'}`,
      passed: false,
      rule: 'docs/emulator.md#test-control',
      checks: [],
    }
  } finally {
    await cleanUp(rec, control, agent, undo, tokens)
  }
  const result: ScenarioResult = {
    scenario,
    profile,
    ...verdict,
    steps: rec.steps,
    durationMs: Math.round(performance.now() - started),
  }
  const secrets = [
    ...configSecrets(ctx.config),
    ...(app.vault === null ? [] : vaultSecrets(app.vault)),
    app.clientSecret,
    ...(app.codeClient === null ? [] : [app.codeClient.clientSecret]),
    ...rec.secrets,
  ]
  return redactResult(result, secrets)
}

/** Undoes the run's changes, revokes its tokens and signs out; each step whatever the others did. */
async function cleanUp(
  rec: Recorder,
  control: EmulatorControl,
  agent: UserAgent,
  undo: (() => Promise<void>)[],
  tokens: string[],
): Promise<void> {
  const attempt = async (what: string, step: () => Promise<unknown>) => {
    try {
      await step()
    } catch {
      rec.note(`Could not ${what}: the emulator’s test control did not answer.`)
    }
  }
  for (const step of undo.reverse()) await attempt('undo a change of the run', step)
  let revoked = 0
  for (const token of tokens) {
    await attempt('revoke a token of the run', async () => {
      if (await control.revoke(token)) revoked += 1
    })
  }
  if (tokens.length > 0) {
    rec.note(
      `Test control: the run revoked every token it got (${tokens.length}, ${revoked} still live at the service); each was used within this run only.`,
    )
  }
  await attempt('sign out of the service’s pages', () => agent.signOut())
  rec.flush('End of the run')
}
