/**
 * Bounded random HTTP requests for the property-based robustness tests of the emulator and the
 * proxy (the attack, fault and load suite, docs/security.md): odd methods, paths, headers and bodies, including what a browser would never
 * send. Each server's test supplies the path prefixes and header values that reach its code.
 */
import fc from 'fast-check'

export interface FuzzRequest {
  method: string
  path: string
  headers: [string, string][]
  body: Uint8Array | string | null
}

/** TRACE, CONNECT and TRACK are left out: the Fetch API refuses to build such a Request. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'get']

/** Strings a parser is likely to trip on, mixed in with random ones. */
export const NASTY_STRINGS = [
  '',
  '\uD800',
  '\uDFFF',
  'a\uD83D',
  '\u0000',
  '\r\n',
  '\u202E',
  '\uFEFF',
  '💩',
  '王小明',
  '..',
  '%',
  '%00',
  '%2e%2e',
  '%252e',
  '%0d%0a',
  '%FF%FE',
  '%E0%A4%A',
  '//evil.test',
  '@evil.test',
  '\\',
  '<script>alert(1)</script>',
  '{"__proto__":{"x":1}}',
  'null',
  '[]',
  '1e999',
]

const anyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
)

/** A path segment as it would appear on the wire: raw (the URL parser encodes it) or encoded. */
export const segmentArbitrary = fc.oneof(
  anyString,
  anyString.map((text) => encodeURIComponent(toWellFormed(text))),
  {
    weight: 3,
    arbitrary: fc.constantFrom('user', 'users', 'alice', '1001', 'repos', 'groups', 'hello', 'x'),
  },
)

export function pathArbitrary(prefixes: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom(...prefixes),
      fc.oneof(fc.constant([]), fc.array(segmentArbitrary, { maxLength: 4 })),
      queryArbitrary,
    )
    .map(([prefix, segments, query]) => `${prefix}${segments.join('/')}${query}`)
}

/** Mostly none; else random names and values, the values raw (the URL parser encodes them). */
export const queryArbitrary = fc.oneof(
  { weight: 2, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom('offset', 'limit', 'type', 'role', 'base', 'access_token'),
            anyString,
          ),
          anyString,
        ),
        { maxLength: 3 },
      )
      .map(
        (pairs) =>
          `?${pairs.map(([name, value]) => `${encodeURIComponent(toWellFormed(name))}=${toWellFormed(value)}`).join('&')}`,
      ),
  },
)

/** Lone surrogates cannot be percent-encoded; the URL parser turns them into U+FFFD too. */
function toWellFormed(text: string): string {
  return text.replace(/[\uD800-\uDFFF]/g, '\uFFFD')
}

/** Header values are ByteStrings without CR, LF or NUL (anything else the Fetch API refuses). */
const headerValue = fc.oneof(
  fc.string({ maxLength: 60 }).map((text) => text.replace(/[\r\n\0]/g, ' ').trim()),
  fc
    .array(fc.integer({ min: 0x20, max: 0xff }), { maxLength: 60 })
    .map((codes) => String.fromCharCode(...codes).trim()),
)

/** Header names with the given values likely to reach deeper code, and random ones. */
export function headersArbitrary(
  known: Record<string, readonly string[]>,
): fc.Arbitrary<[string, string][]> {
  const names = Object.keys(known)
  const header = fc.oneof(
    fc
      .constantFrom(...names)
      .chain((name) =>
        fc.tuple(
          fc.constant(name),
          fc.oneof(fc.constantFrom(...(known[name] ?? [''])), headerValue),
        ),
      ),
    fc.tuple(fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/), headerValue),
  )
  return fc.array(header, { maxLength: 4 })
}

/** Bodies: none, JSON (valid or not), form fields, odd Unicode, raw bytes, or over the size limits. */
export function bodyArbitrary(
  jsonSamples: readonly unknown[],
): fc.Arbitrary<Uint8Array | string | null> {
  return fc.oneof(
    fc.constant(null),
    fc.json({ maxDepth: 3 }),
    fc.constantFrom(...jsonSamples).map((sample) => JSON.stringify(sample)),
    fc.constantFrom(
      '{',
      '{"code":',
      '[1,',
      '{"a":1}}',
      'undefined',
      '\uFEFF{}',
      '{"code":"\uD800"}',
    ),
    fc
      .array(fc.tuple(anyString, anyString), { maxLength: 6 })
      .map((pairs) =>
        pairs
          .map(
            ([k, v]) =>
              `${encodeURIComponent(toWellFormed(k))}=${encodeURIComponent(toWellFormed(v))}`,
          )
          .join('&'),
      ),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.uint8Array({ maxLength: 300 }),
    // Over the proxy's 16 KB and the emulator's 64 KB limits.
    fc.integer({ min: 16 * 1024, max: 80 * 1024 }).map((size) => `{"code":"${'a'.repeat(size)}"}`),
  )
}

export function requestArbitrary(options: {
  prefixes: readonly string[]
  headers: Record<string, readonly string[]>
  jsonSamples: readonly unknown[]
}): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    method: fc.constantFrom(...METHODS),
    path: pathArbitrary(options.prefixes),
    headers: headersArbitrary(options.headers),
    body: bodyArbitrary(options.jsonSamples),
  })
}

/** Builds the Request; GET and HEAD carry no body (the Fetch API refuses one). */
export function toRequest(origin: string, input: FuzzRequest): Request {
  const headers = new Headers()
  for (const [name, value] of input.headers) headers.append(name, value)
  const hasBody = input.body !== null && !['GET', 'HEAD', 'get'].includes(input.method)
  return new Request(`${origin}${input.path}`, {
    method: input.method,
    headers,
    ...(hasBody
      ? { body: input.body instanceof Uint8Array ? new Uint8Array(input.body) : input.body }
      : {}),
  })
}

/** What every property reports, so the test can print how many inputs really ran. */
export interface FuzzTally {
  runs: number
  byStatus: Map<number, number>
}

export function createTally(): FuzzTally {
  return { runs: 0, byStatus: new Map() }
}

export function countStatus(tally: FuzzTally, status: number): void {
  tally.runs += 1
  tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1)
}

/**
 * Runs a property within the bounds; `report` says what failed, with the seed to replay it:
 * `FUZZ_SEED=<seed> npx vitest run <file>` runs the same inputs again.
 */
export async function runBounded<Ts extends [unknown, ...unknown[]]>(
  property: fc.IAsyncProperty<Ts>,
  bounds: { numRuns: number; timeLimitMs: number },
): Promise<{ failed: boolean; report: string }> {
  const seed = Number.parseInt(process.env.FUZZ_SEED ?? '', 10)
  const details = await fc.check(property, {
    numRuns: bounds.numRuns,
    interruptAfterTimeLimit: bounds.timeLimitMs,
    ...(Number.isSafeInteger(seed) ? { seed } : {}),
  })
  return {
    failed: details.failed,
    report: `${fc.defaultReportMessage(details) ?? ''}\n${String(details.errorInstance)}`,
  }
}

export function describeTally(name: string, tally: FuzzTally): string {
  const statuses = [...tally.byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ')
  return `fuzz ${name}: ${tally.runs} inputs (${statuses})`
}
