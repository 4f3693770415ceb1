/**
 * Property-based robustness of the proxy against header sections of every size
 * (fuzz-inputs.ts, `headerLoadArbitrary`): one huge value, many headers, a huge Cookie of many
 * cookies, a long X-Forwarded-For chain, a long Host, near and over Node's 16 KB limit. Most
 * inputs go through `app.request()` in-process, where no limit stops them before the proxy's
 * code; a smaller share goes over real HTTP (the server as src/server.ts composes it, with
 * TRUSTED_PROXIES so that X-Forwarded-For is read), where Node's limit applies: over it Node
 * answers 431 itself, a 4xx; below it the proxy answers. Either way: no 5xx, no dropped
 * connection, every refusal in the documented shape, nothing off the allow-list forwarded.
 * `FUZZ_SEED=<seed> npx vitest run src/proxy/fuzz-headers.test.ts` replays a run.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  countStatus,
  createTally,
  describeTally,
  headerLoadArbitrary,
  runBounded,
  type FuzzRequest,
  type HeaderLoad,
} from '../testing/fuzz-inputs'
import {
  FUZZ_PROXY_ENV,
  asApp,
  expectGoodAnswer,
  realCookies,
  sendAndCheck,
  setup,
  type Counts,
} from '../testing/proxy-fuzz'
import { TRACE_REQUEST_HEADER, TRACE_REQUEST_VALUE } from '../protocol/trace-request'
import { startProxyOverHttp, type ProxyOverHttp } from '../testing/proxy-over-http'
import { NODE_MAX_HEADER_BYTES, headerBytes, isNodeHeaderRefusal } from '../testing/raw-http'

/** Bounds as in fuzz.test.ts: at most numRuns, at most timeLimitMs, fewer than minRuns fails. */
const BOUNDS = {
  inProcess: { numRuns: 1600, timeLimitMs: 15_000, minRuns: 1200 },
  overHttp: { numRuns: 1500, timeLimitMs: 15_000, minRuns: 1100 },
}

/**
 * The calls the header sections come with: reads and writes of both areas, and the plain API
 * GET that the server answers without the adapter (api-node.ts). Not logout: a session in a
 * cookie flood would end, and the other inputs need it.
 */
const CALLS: [string, string, string | null][] = [
  ['GET', '/auth/session', null],
  ['GET', '/auth/config', null],
  ['POST', '/auth/start', '{"scopes":["doc"]}'],
  ['POST', '/auth/exchange', '{"code":"x","state":"y"}'],
  ['POST', '/auth/client-code/poll', '{}'],
  ['GET', '/auth/client-code/authorize', null],
  ['GET', '/api/v2/user', null],
  ['HEAD', '/api/v2/user', null],
  ['GET', '/api/v2/users/alice', null],
  ['GET', '/api/v2/repos/20011/docs?offset=0&limit=5', null],
  ['POST', '/api/v2/repos/20011/docs', '{"title":"Fuzz","body":"x","format":"markdown"}'],
]

function inputs(cookies: { session: string; transaction: string }, hostsMustParse: boolean) {
  const loads = headerLoadArbitrary([cookies.session, cookies.transaction]).filter(
    (load) => !hostsMustParse || load.host === null || URL.canParse(`http://${load.host}/`),
  )
  return fc.record({
    call: fc.constantFrom(...CALLS),
    cookie: fc.constantFrom(cookies.session, cookies.transaction, ''),
    // The flow trace, which the inspector asks for, reads the request's URL and cookies too.
    trace: fc.boolean(),
    load: loads,
  })
}

function request(
  [method, path, body]: [string, string, string | null],
  trace: boolean,
  load: HeaderLoad,
): FuzzRequest {
  const asked: [string, string][] = trace ? [[TRACE_REQUEST_HEADER, TRACE_REQUEST_VALUE]] : []
  return { method, path, headers: [...asked, ...load.headers], body }
}

describe('the proxy under header sections of every size (fast-check)', () => {
  let server: ProxyOverHttp
  beforeAll(async () => {
    server = await startProxyOverHttp({ ...FUZZ_PROXY_ENV, TRUSTED_PROXIES: '127.0.0.1' })
  })
  afterAll(() => server.close())

  it('in-process: never answers 5xx or throws, refuses in the documented shape, forwards only the allow-list', async () => {
    const stack = setup()
    const cookies = await realCookies(stack)
    stack.emulator.control.clearLog()
    const counts: Counts = { tally: createTally(), forwarded: 0 }
    const families = new Map<string, number>()
    const property = fc.asyncProperty(inputs(cookies, true), ({ call, cookie, trace, load }) => {
      families.set(load.family, (families.get(load.family) ?? 0) + 1)
      const origin = load.host === null ? undefined : `http://${load.host}`
      return sendAndCheck(stack, counts, asApp(request(call, trace, load), cookie), origin)
    })
    const result = await runBounded(property, BOUNDS.inProcess)
    console.info(
      `${describeTally('proxy, header sections in-process', counts.tally)}; ${counts.forwarded} reached the service; ${[...families].map(([name, n]) => `${name}×${n}`).join(', ')}`,
    )
    expect(result.failed, result.report).toBe(false)
    expect(counts.tally.runs).toBeGreaterThanOrEqual(BOUNDS.inProcess.minRuns)
  }, 30_000)

  it('over HTTP: Node answers 431 over its limit and the proxy below it, never a 5xx or a dropped connection', async () => {
    const session = await server.connect(['group', 'repo', 'doc'])
    const started = await server.send({
      method: 'POST',
      path: '/auth/start',
      headers: server.appHeaders(),
      body: '{"scopes":[]}',
    })
    const transaction = [started.headers['set-cookie'] ?? []]
      .flat()
      .map((line) => line.split(';')[0] ?? '')
      .join('; ')
    server.emulator.control.clearLog()
    const host = new URL(server.origin).host
    const counts: Counts = { tally: createTally(), forwarded: 0 }
    let over = 0
    const property = fc.asyncProperty(
      inputs({ session, transaction }, false),
      async ({ call, cookie, trace, load }) => {
        const input = asApp(request(call, trace, load), cookie, server.origin)
        const headers = ['Host', load.host ?? host, ...input.headers.flat()]
        const bytes = headerBytes(input.path, headers, input.body !== null)
        const answer = await server.send({
          method: input.method,
          path: input.path,
          headers,
          ...(input.body === null ? {} : { body: String(input.body) }),
          timeoutMs: 10_000,
        })
        const what = `${input.method} ${input.path} with ${load.family}, ${bytes} bytes of headers`
        if (bytes >= NODE_MAX_HEADER_BYTES) over += 1
        if (isNodeHeaderRefusal(answer, bytes, what)) return countStatus(counts.tally, 431)
        const type = answer.headers['content-type'] ?? ''
        expectGoodAnswer(server, counts, input, input.path.split('?')[0] ?? '', {
          status: answer.status,
          type,
          text: answer.body,
        })
      },
    )
    const result = await runBounded(property, BOUNDS.overHttp)
    console.info(
      `${describeTally('proxy, header sections over HTTP', counts.tally)}; ${counts.forwarded} reached the service; ${over} over the limit`,
    )
    expect(result.failed, result.report).toBe(false)
    expect(counts.tally.runs).toBeGreaterThanOrEqual(BOUNDS.overHttp.minRuns)
    // The limit was really reached: a run that never crossed it would test only the proxy.
    expect(over).toBeGreaterThan(0)
  }, 30_000)
})
