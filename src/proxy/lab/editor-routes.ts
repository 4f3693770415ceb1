/**
 * `POST /auth/lab/start` and `POST /auth/lab/finish`: the flow lab's editor run
 * (src/protocol/lab-api.ts). They mirror `/auth/start` and `/auth/exchange` (auth-routes.ts): the
 * browser really goes to the service's authorize endpoint and comes back to the registered
 * redirect URI, whose page hands the return here. They only do what a client does, so they work
 * with any service, the real one included; `enabled: false` (the lab switched off) leaves them
 * out, and `/auth/*` answers 404 for them as for any unknown path (proxy.ts).
 */
import { Hono } from 'hono'
import {
  LabFinishRequestSchema,
  LabRequestSchema,
  type LabRunResult,
  type LabStartResponse,
} from '../../protocol/lab-api'
import { proxyError } from '../api/http-errors'
import { throttleLogin } from '../auth/client-code-throttle'
import type { Sealer } from '../auth/seal'
import { effectiveApp, isSameApp } from '../byo/effective-app'
import type { ProxyContext } from '../context'
import { addTraceSecrets, addTraceStep } from '../flow-trace'
import { readJsonBody, requestedScope } from '../json-body'
import { createLabRunCookies, LAB_RUN_TTL_SECONDS } from './editor-cookies'
import { finishLabRun } from './editor-finish'
import { buildLabStart, labAuthorizeStep, labStartResponse } from './editor-start'

export interface LabEditorOptions {
  /** The proxy's sealer (proxy.ts): the run's cookie is sealed with its own purpose. */
  sealer: Sealer
  /** The flow lab is on (default): without it the routes do not exist. */
  enabled?: boolean
}

export function createLabEditorRoutes(ctx: ProxyContext, options: LabEditorOptions): Hono {
  const routes = new Hono()
  if (options.enabled === false) return routes
  const cookies = createLabRunCookies(ctx.config, options.sealer)

  // Throttled with the logins (docs/security.md#s4): each run can call the token endpoint with
  // the app's secret, like a login.
  routes.post('/start', async (c) => {
    const throttled = await throttleLogin(ctx, c, 'start')
    if (throttled !== null) return throttled
    const body = await readJsonBody(c.req.raw, LabRequestSchema)
    if (!body.ok) return proxyError(c, 400, 'bad_request', body.message)
    if (body.data.stateMode === 'own' && body.data.ownState === undefined) {
      return proxyError(
        c,
        400,
        'bad_request',
        'Invalid request ownState: stateMode "own" needs your own state (1 to 512 characters).',
      )
    }
    const requested = requestedScope(body.data.scopes)
    if (!requested.ok) return proxyError(c, 400, 'bad_request', requested.message)
    const app = await effectiveApp(ctx, c)
    const start = buildLabStart(
      ctx.config,
      app,
      body.data,
      requested.data,
      ctx.randomBytes,
      ctx.clock(),
    )
    await cookies.start(c, start.run)
    const { state, codeVerifier } = start.run
    addTraceSecrets(c, ...[state, codeVerifier].filter((value) => value !== null))
    addTraceStep(c, () => labAuthorizeStep(start, app.binding !== null))
    return c.json(labStartResponse(start) satisfies LabStartResponse)
  })

  routes.post('/finish', async (c) => {
    const throttled = await throttleLogin(ctx, c, 'exchange')
    if (throttled !== null) return throttled
    const body = await readJsonBody(c.req.raw, LabFinishRequestSchema)
    if (!body.ok) return proxyError(c, 400, 'bad_request', body.message)
    // Whatever comes next, the next return to /callback is not the lab's any more.
    cookies.clearMarker(c)
    // RFC 9700 §4.2.4: the run is consumed on first use, whatever the outcome.
    const run = await cookies.take(c)
    if (run === 'missing') {
      return proxyError(
        c,
        400,
        'state_missing',
        'No lab run was started in this browser, or it was finished already, or it expired (a run must finish within 10 minutes). Nothing was exchanged; start the run again.',
      )
    }
    if (run === 'invalid' || ctx.clock() - run.createdAt > LAB_RUN_TTL_SECONDS * 1000) {
      return proxyError(
        c,
        400,
        'state_expired',
        'The lab run expired (a run must finish within 10 minutes). Nothing was exchanged; start the run again.',
      )
    }
    // The app the run started with, still this browser's (not saved again, nor forgotten).
    const app = await effectiveApp(ctx, c)
    if (!isSameApp(run.app, app.binding)) {
      return proxyError(
        c,
        400,
        'app_changed',
        'Your own app was saved again or forgotten while this lab run was under way. Nothing was exchanged; start the run again.',
      )
    }
    const result = await finishLabRun(ctx, c, run, app, new URLSearchParams(body.data.query))
    return c.json(result satisfies LabRunResult)
  })

  return routes
}
