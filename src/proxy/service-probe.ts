/**
 * Whether the service answers at all: one cheap GET of its origin with a short time-out, the
 * readiness probe's service check (src/server/health.ts, `/readyz`). The login routes ask it too
 * before sending a browser to the service's sign-in page: with nobody answering there, the
 * browser would land on a refused connection, an error page of the browser's and no way back
 * (e2e/service-down.spec.ts). Answers are reused: a success for `okForMs`, so that logins do not
 * each pay a round trip, a failure for `downForMs`, so that a service coming back is seen soon.
 */
import type { Config } from './config'
import { UpstreamError, type Upstream } from './api/upstream'
import type { ProxyRefusal } from './api/http-errors'

export interface ServiceCheck {
  ok: boolean
  detail: string
}

export type ServiceProbe = () => Promise<ServiceCheck>

/** The probe reads no more of the service's page than this: any answer shows it is there. */
const PROBE_MAX_BYTES = 64 * 1024

async function probeOnce(upstream: Upstream, config: Config, timeoutMs: number) {
  const origin = config.authUrl.origin
  const started = performance.now()
  const answered = (status: string): ServiceCheck => ({
    ok: true,
    detail: `${origin} answered ${status} in ${Math.round(performance.now() - started)} ms`,
  })
  try {
    // Any HTTP answer, even a 404 or a redirect (never followed), shows that it is reachable.
    const response = await upstream({
      method: 'GET',
      url: new URL(`${origin}/`),
      headers: { 'User-Agent': config.userAgent },
      timeoutMs,
      maxBytes: PROBE_MAX_BYTES,
    })
    return answered(`HTTP ${response.status}`)
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'too_large')
      return answered(`with a body over ${PROBE_MAX_BYTES / 1024} kB`)
    const isTimeout = error instanceof UpstreamError && error.kind === 'timeout'
    return {
      ok: false,
      detail: isTimeout
        ? `${origin} did not answer within ${timeoutMs} ms`
        : `${origin} is unreachable`,
    }
  }
}

export function createServiceProbe(options: {
  config: Config
  upstream: Upstream
  timeoutMs: number
  /** How long a success is reused. */
  okForMs: number
  /** How long a failure is reused. */
  downForMs: number
  clock?: () => number
}): ServiceProbe {
  const clock = options.clock ?? Date.now
  let last: { at: number; result: Promise<ServiceCheck> } | null = null
  const isFresh = async (entry: { at: number; result: Promise<ServiceCheck> }) => {
    const age = clock() - entry.at
    return age < ((await entry.result).ok ? options.okForMs : options.downForMs)
  }
  return async () => {
    // One probe at a time: callers meanwhile share its answer.
    if (last !== null && (await isFresh(last))) return last.result
    last = { at: clock(), result: probeOnce(options.upstream, options.config, options.timeoutMs) }
    return last.result
  }
}

/**
 * The refusal of a login while the service does not answer, or null when it does (or when no
 * probe was given): a 503 the web app says in its own words (connect/messages.tsx,
 * `serviceUnreachable`), with this English for the API's other readers.
 */
export async function serviceDownRefusal(probe: ServiceProbe | null): Promise<ProxyRefusal | null> {
  if (probe === null) return null
  const check = await probe()
  if (check.ok) return null
  return {
    status: 503,
    code: 'upstream_unreachable',
    message: `The service does not answer (${check.detail}), so its sign-in page would not load either: no login was started. Check that it is running, then connect again.`,
  }
}
