/**
 * `/auth/lab`: the flow lab's scenarios (src/protocol/lab-api.ts, docs/architecture.md#the-flow-labs-scenarios).
 * `GET /auth/lab` always answers what the lab can do here, so the page can say why it cannot;
 * `POST /auth/lab/scenarios/:id` exists only with the embedded emulator and FLOW_LAB on (else the
 * path is unknown: 404), and runs one scenario with the app this browser uses, on nobody's
 * session. Writes pass the guards of every /auth write (guards.ts: CSRF header, Origin, JSON),
 * each answer is `no-store` (proxy.ts), and runs are throttled per client like logins.
 */
import { Hono, type Context } from 'hono'
import { z } from 'zod/mini'
import {
  LAB_SCENARIO_IDS,
  isLabScenarioId,
  type LabScenarioId,
  type LabStatus,
} from '../../protocol/lab-api'
import { effectiveApp, type EffectiveApp } from '../byo/effective-app'
import type { ProxyContext } from '../context'
import { proxyError } from '../api/http-errors'
import { readJsonBody } from '../json-body'
import { throttleLabRun, throttleSecretGuess } from '../auth/client-code-throttle'
import { ControlError } from './emulator-control'
import { controlFor, createRunQueue, runScenario } from './lab-engine'
import { SCENARIOS } from './scenarios'

/** A run takes no parameters: the scenario is the path's. */
const RunRequestSchema = z.strictObject({})

/** The scenarios this app can run here, in the lab's order. */
function runnableFor(app: EffectiveApp): LabScenarioId[] {
  return LAB_SCENARIO_IDS.filter(
    (id) => SCENARIOS[id].needsClientCode !== true || app.codeClient !== null,
  )
}

async function labStatus(ctx: ProxyContext, c: Context): Promise<LabStatus> {
  const none = (reason: string): LabStatus => ({ runnable: [], profile: null, reason })
  if (ctx.config.flowLab === 'off') return none('lab-off')
  const app = await effectiveApp(ctx, c)
  if (ctx.config.service !== 'emulator' || app.service !== 'emulator') return none('real-service')
  try {
    const { profile } = await controlFor(ctx, app).settings()
    return { runnable: runnableFor(app), profile, reason: null }
  } catch (error) {
    if (error instanceof ControlError) return none('emulator-unavailable')
    throw error
  }
}

export function createLabRoutes(ctx: ProxyContext): Hono {
  const routes = new Hono()
  routes.get('/', async (c) => c.json(await labStatus(ctx, c)))
  if (ctx.config.service !== 'emulator' || ctx.config.flowLab !== 'on') return routes

  // One run at a time in this process: the emulator's clock and PKCE mode are global.
  const queue = createRunQueue()
  routes.post('/scenarios/:id', async (c) => {
    const id = c.req.param('id')
    if (!isLabScenarioId(id)) {
      return proxyError(
        c,
        404,
        'not_allowed',
        `There is no scenario "${id.slice(0, 64)}". The scenarios are: ${LAB_SCENARIO_IDS.join(', ')}.`,
      )
    }
    const scenario = SCENARIOS[id]
    const body = await readJsonBody(c.req.raw, RunRequestSchema)
    if (!body.ok) return proxyError(c, 400, 'bad_request', `${body.message} Send {}.`)
    const app = await effectiveApp(ctx, c)
    if (app.service !== 'emulator') {
      return proxyError(
        c,
        409,
        'not_allowed',
        `The scenario "${id}" runs against the embedded emulator only: your own app is registered at a real service, where the lab cannot move the clock, inject faults or revoke tokens. Use the operator's app (forget yours on the Your app page, /app) to run it.`,
      )
    }
    if (scenario.needsClientCode === true && app.codeClient === null) {
      return proxyError(
        c,
        409,
        'not_allowed',
        `The scenario "${id}" runs the client-code flow, and the app in use has no client-code app${app.binding === null ? ' (CLIENT_CODE_FLOW is off)' : ': add one on the Your app page (/app)'}.`,
      )
    }
    const throttled = await throttleLabRun(ctx, c)
    if (throttled !== null) return throttled
    if (id === 'client-secret-wrong') {
      const guarded = await throttleSecretGuess(ctx, c, app.clientId)
      if (guarded !== null) return guarded
    }
    const result = await queue.run(() => runScenario(ctx, app, id, scenario.run))
    if (result === 'busy') {
      c.header('Retry-After', '5')
      return proxyError(
        c,
        429,
        'rate_limited',
        'The lab is running other scenarios for other people right now; try again in a few seconds.',
      )
    }
    return c.json(result)
  })
  return routes
}
