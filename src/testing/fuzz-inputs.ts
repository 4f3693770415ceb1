/**
 * Bounded random HTTP requests for the property-based robustness tests of the emulator and the
 * proxy (the attack, fault and load suite, docs/security.md): odd methods, paths, headers and bodies, including what a browser would never
 * send; JSON bodies nested from one to thousands of levels deep; and header sections near and
 * over Node's limit. Each server's test supplies the path prefixes and header values that reach
 * its code.
 */
import fc from 'fast-check'
import { ENDPOINTS } from '../protocol/endpoints'
import { NODE_MAX_HEADER_BYTES } from './raw-http'

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
  // Set, not appended: a repeated Cookie would be joined with ", ", which no client sends.
  for (const [name, value] of input.headers) {
    if (name.toLowerCase() === 'cookie' && headers.has(name)) {
      headers.set(name, `${headers.get(name) ?? ''}; ${value}`)
    } else headers.append(name, value)
  }
  const hasBody = input.body !== null && !['GET', 'HEAD', 'get'].includes(input.method)
  return new Request(`${origin}${input.path}`, {
    method: input.method,
    headers,
    ...(hasBody
      ? { body: input.body instanceof Uint8Array ? new Uint8Array(input.body) : input.body }
      : {}),
  })
}

/**
 * `depth` levels of arrays (`[[…]]`), objects (`{"a":{"a":…}}`) or both in turn around `leaf`;
 * unclosed, it is invalid JSON that is just as deep.
 */
export function nestedJson(
  depth: number,
  nesting: 'array' | 'object' | 'mixed',
  leaf = 'null',
  closed = true,
): string {
  const [open, close] = (
    { array: ['[', ']'], object: ['{"a":', '}'], mixed: ['[{"a":', '}]'] } as const
  )[nesting]
  const pairs = nesting === 'mixed' ? Math.ceil(depth / 2) : depth
  return `${open.repeat(pairs)}${leaf}${closed ? close.repeat(pairs) : ''}`
}

/** Shallow, around the proxy's limit of 64 levels (api-body.ts), or thousands of levels deep. */
const depthArbitrary = fc.oneof(
  fc.integer({ min: 1, max: 100 }),
  fc.integer({ min: 100, max: 10_000 }),
  fc.constantFrom(63, 64, 65, 1_000, 5_000),
)

const DEEP_MARK = '\u0000deep\u0000'

/** `sample` with `field` set to the raw JSON `json`. */
function withField(sample: Record<string, unknown>, field: string, json: string): string {
  return JSON.stringify({ ...sample, [field]: DEEP_MARK }).replace(
    JSON.stringify(DEEP_MARK),
    () => json,
  )
}

/**
 * A JSON body nested deep: alone, as the value of one field (or an extra one) of an otherwise
 * valid body, wrapped around a valid body, or unclosed.
 */
export function deepBodyArbitrary(
  samples: readonly Record<string, unknown>[],
): fc.Arbitrary<string> {
  return fc
    .record({
      depth: depthArbitrary,
      nesting: fc.constantFrom('array' as const, 'object' as const, 'mixed' as const),
      sample: fc.constantFrom(...samples),
      where: fc.constantFrom('whole', 'field', 'extra', 'around', 'unclosed'),
      pick: fc.nat(),
    })
    .map(({ depth, nesting, sample, where, pick }) => {
      const keys = Object.keys(sample)
      const field = keys[pick % Math.max(1, keys.length)] ?? 'nested'
      if (where === 'whole') return nestedJson(depth, nesting)
      if (where === 'field') return withField(sample, field, nestedJson(depth, nesting))
      if (where === 'extra') return withField(sample, 'nested', nestedJson(depth, nesting))
      return nestedJson(depth, nesting, JSON.stringify(sample), where === 'around')
    })
}

/** Path parameters that name the seed's records (src/emulator/seed.ts), or none. */
const SEED_PARAMS: Record<string, readonly string[]> = {
  book_id: ['20011', '20101', '1'],
  id: ['40001', '40002', '1002', '1'],
  group_login: ['alice', 'payments-docs'],
  book_slug: ['api-handbook', 'gateway-guide'],
  login: ['alice', 'payments-docs', 'nobody'],
}

/** Valid bodies of the API's writes (docs, repositories, the table of contents, members). */
export const API_WRITE_SAMPLES: readonly Record<string, unknown>[] = [
  { title: 'Fuzz', slug: 'fuzz', body: '# Fuzz', format: 'markdown', public: 0 },
  { name: 'Fuzz', slug: 'fuzz-repo', public: 0, description: 'x' },
  { action: 'appendNode', action_mode: 'child', doc_ids: [40001], type: 'DOC' },
  { role: 1 },
]

/** Every write of the endpoint table (below /api/v2), its parameters the seed's or not. */
export const apiWriteArbitrary: fc.Arbitrary<{ method: string; path: string }> = fc
  .constantFrom(...ENDPOINTS.filter((endpoint) => endpoint.hasBody))
  .chain((endpoint) =>
    fc
      .tuple(
        ...Object.keys(endpoint.params).map((name) =>
          fc.constantFrom(...(SEED_PARAMS[name] ?? ['x'])),
        ),
      )
      .map((values) => {
        let index = 0
        const path = endpoint.path.replace(/\{[a-z_]+\}/g, () => values[index++] ?? 'x')
        return { method: endpoint.method, path }
      }),
  )

/** What a header section is made of: extra headers, and a Host (null: the test's own). */
export interface HeaderLoad {
  family: string
  headers: [string, string][]
  host: string | null
}

/** Byte counts near Node's limit, on either side, and any up to twice it. */
const bytesArbitrary = fc.oneof(
  fc.integer({ min: NODE_MAX_HEADER_BYTES - 700, max: NODE_MAX_HEADER_BYTES + 300 }),
  fc.integer({ min: 1, max: 2 * NODE_MAX_HEADER_BYTES }),
)

const fill = (unit: string, bytes: number) =>
  unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes)

/** An IPv4 or IPv6 address, loopback, or something no parser reads, from a number. */
const hop = (n: number) =>
  [
    `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    `2001:db8::${(n & 0xffff).toString(16)}`,
    '127.0.0.1',
    `unknown-${n}`,
    '::ffff:127.0.0.1',
    '',
  ][n % 6] ?? ''

/**
 * Header sections of one kind each: one huge value, many headers, a huge Cookie of many cookies
 * (`cookies`: real ones to put first), a long X-Forwarded-For chain, a long Host.
 */
export function headerLoadArbitrary(cookies: readonly string[]): fc.Arbitrary<HeaderLoad> {
  const huge = fc
    .tuple(
      fc.constantFrom(
        'X-Fuzz',
        'User-Agent',
        'Accept',
        'Accept-Language',
        'Referer',
        'X-Auth-Token',
      ),
      fc.constantFrom('a', '%', ' x', ',', ';=', '\u00e9'),
      bytesArbitrary,
    )
    .map(([name, unit, bytes]): HeaderLoad => ({
      family: 'one huge value',
      headers: [[name, fill(unit, bytes).trim() || 'a']],
      host: null,
    }))
  const many = fc
    .tuple(fc.integer({ min: 1, max: 1_900 }), bytesArbitrary)
    .map(([count, bytes]): HeaderLoad => ({
      family: 'many headers',
      headers: Array.from({ length: count }, (_, i): [string, string] => [
        `X-Fuzz-${i}`,
        fill('v', Math.max(1, Math.floor(bytes / count) - 14)),
      ]),
      host: null,
    }))
  const cookieFlood = fc
    .tuple(fc.subarray([...cookies]), fc.integer({ min: 1, max: 1_500 }), bytesArbitrary, fc.nat())
    .map(([real, count, bytes, seed]): HeaderLoad => {
      const names = ['c', 'pg_tx_', 'pg_session', 'emu_session', 'emu_sign_in', 'playground_lang']
      const values = ['x', '%', '%FF', '"', 'a=b']
      const size = Math.max(1, Math.floor(bytes / count) - 24)
      const flood = Array.from({ length: count }, (_, i) => {
        const name = names[(seed + i) % names.length] ?? 'c'
        const suffix =
          name === 'pg_tx_' ? String(i).padStart(16, 'A') : name === 'c' ? String(i) : ''
        return `${name}${suffix}=${fill(values[(seed >> 3) % values.length] ?? 'x', size)}`
      })
      return {
        family: 'huge cookie',
        headers: [['Cookie', [...real, ...flood].join('; ')]],
        host: null,
      }
    })
  const forwarded = fc
    .tuple(fc.integer({ min: 1, max: 2_000 }), fc.nat())
    .map(([count, seed]): HeaderLoad => ({
      family: 'long X-Forwarded-For',
      headers: [
        ['X-Forwarded-For', Array.from({ length: count }, (_, i) => hop(seed + i)).join(', ')],
      ],
      host: null,
    }))
  const host = fc
    .tuple(fc.constantFrom('a', 'a.', 'xn--', '1.'), bytesArbitrary)
    .map(([unit, bytes]): HeaderLoad => ({
      family: 'long Host',
      headers: [],
      host: fill(unit, bytes).replace(/\.$/, ''),
    }))
  return fc.oneof(huge, many, cookieFlood, forwarded, host)
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
