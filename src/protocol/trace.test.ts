import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ProxyTraceSchema,
  TRACE_STEP_KINDS,
  encodeTraceHeader,
  parseTraceHeader,
  type ProxyTrace,
} from './trace'
import {
  MIN_SECRET_LENGTH,
  REDACTED,
  createScrubber,
  redactTrace,
  scrubString,
} from './trace-redaction'

/** Bounded, so `npm test` stays fast; every property checks that all of its runs happened. */
const NUM_RUNS = 500

const BASE64URL = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_']
const ALNUM = BASE64URL.slice(0, 62)
const charsOf = (alphabet: string[], length: number) =>
  fc
    .array(fc.constantFrom(...alphabet), { minLength: length, maxLength: length })
    .map((c) => c.join(''))

/** Runs a property NUM_RUNS times and proves that every run happened. */
function checkEvery<T>(arbitrary: fc.Arbitrary<T>, check: (value: T) => void): void {
  let runs = 0
  fc.assert(
    fc.property(arbitrary, (value) => {
      runs += 1
      check(value)
    }),
    { numRuns: NUM_RUNS },
  )
  expect(runs).toBe(NUM_RUNS)
}

/** What the service and the proxy handle: the shapes of every secret that could leak. */
const emulatorToken = charsOf(BASE64URL, 43).map((rest) => `emu_at_${rest}`)
const yuqueToken = charsOf(ALNUM, 40)
const clientCode = charsOf(ALNUM, 40)
const code = charsOf(BASE64URL, 43)
const sealedCookie = fc
  .array(charsOf(BASE64URL, 40), { minLength: 2, maxLength: 5 })
  .map((parts) => parts.join('.'))
/**
 * Any known secret of the configuration (a client secret may be any text). Excluded: texts
 * inside the marker itself (`dacted]`), which would "survive" as part of `[redacted]`.
 */
const configuredSecret = fc
  .string({ minLength: MIN_SECRET_LENGTH, maxLength: 40, unit: 'grapheme-ascii' })
  .filter((secret) => !REDACTED.includes(secret))
const anySecret = fc.oneof(
  emulatorToken,
  yuqueToken,
  clientCode,
  code,
  sealedCookie,
  configuredSecret,
)

/** Ordinary text with secrets, token-shaped runs and their URL-encoded forms mixed in. */
function textWith(secrets: fc.Arbitrary<string>) {
  return fc
    .array(
      fc.oneof(
        { weight: 3, arbitrary: fc.string({ maxLength: 20, unit: 'grapheme' }) },
        { weight: 1, arbitrary: secrets },
        { weight: 1, arbitrary: secrets.map(encodeURIComponent) },
        { weight: 1, arbitrary: emulatorToken },
        { weight: 1, arbitrary: fc.constantFrom(' ', '&code=', '=', '"', 'X-Auth-Token: ') },
      ),
      { maxLength: 8 },
    )
    .map((parts) => parts.join(''))
}

const TOKEN_SHAPED = /emu_at_|[\w-]{32}/i

/** The ways a secret would show: as is, or URL-encoded. */
function leaks(text: string, secrets: readonly string[]): string[] {
  const found = secrets.filter(
    (secret) => text.includes(secret) || text.includes(encodeURIComponent(secret)),
  )
  if (TOKEN_SHAPED.test(text)) found.push(`token-shaped: ${TOKEN_SHAPED.exec(text)?.[0]}`)
  return found
}

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsOf)
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsOf)
  return []
}

function traceWith(text: fc.Arbitrary<string>): fc.Arbitrary<ProxyTrace> {
  const field = fc.record(
    {
      name: text,
      value: text,
      redacted: fc.constantFrom('value' as const, 'pair' as const),
      note: text,
    },
    { requiredKeys: ['name', 'value'] },
  )
  const step = fc.record(
    {
      kind: fc.constantFrom(...TRACE_STEP_KINDS),
      title: text,
      outcome: fc.constantFrom(
        'passed' as const,
        'failed' as const,
        'pending' as const,
        'info' as const,
      ),
      notes: fc.array(text, { maxLength: 3 }),
      request: fc.record({
        method: fc.constantFrom('GET' as const, 'POST' as const),
        url: text,
        paramsIn: fc.constantFrom('query' as const, 'form' as const),
        params: fc.array(field, { maxLength: 4 }),
        headers: fc.array(field, { maxLength: 3 }),
      }),
      response: fc.record({
        status: fc.integer({ min: 100, max: 599 }),
        durationMs: fc.nat(60_000),
        headers: fc.array(field, { maxLength: 3 }),
        fields: fc.array(field, { maxLength: 3 }),
      }),
    },
    { requiredKeys: ['kind', 'title', 'outcome', 'notes'] },
  )
  const call = fc.record({
    method: fc.constantFrom('GET', 'POST'),
    path: text,
    status: fc.integer({ min: 100, max: 599 }),
    at: fc.nat(),
    durationMs: fc.nat(60_000),
  })
  return fc.record(
    { v: fc.constant(1 as const), call, steps: fc.array(step, { maxLength: 3 }), error: text },
    { requiredKeys: ['v', 'call', 'steps'] },
  )
}

describe('scrubString', () => {
  it('leaves no known secret and nothing token-shaped in any text (property)', () => {
    checkEvery(
      fc
        .array(anySecret, { minLength: 1, maxLength: 4 })
        .chain((secrets) => fc.tuple(fc.constant(secrets), textWith(fc.constantFrom(...secrets)))),
      ([secrets, text]) => {
        expect(leaks(scrubString(text, secrets), secrets)).toEqual([])
      },
    )
  })

  it('removes token-shaped strings even when nobody said they were secret (property)', () => {
    checkEvery(
      textWith(fc.oneof(emulatorToken, yuqueToken, clientCode, code, sealedCookie)),
      (text) => {
        expect(leaks(scrubString(text, []), [])).toEqual([])
      },
    )
  })

  it('changes nothing in a text that holds no secret (property)', () => {
    // Words shorter than 32 characters between separators: URLs, scopes, notes.
    const word = fc.string({ maxLength: 31, unit: fc.constantFrom(...BASE64URL) })
    const plain = fc
      .array(fc.tuple(word, fc.constantFrom(' ', '/', ':', ',', '.', '=', '&', '…', '’')), {
        maxLength: 10,
      })
      .map((parts) => parts.flat().join(''))
      .filter((text) => !/emu_at_/i.test(text))
    checkEvery(plain, (text) => {
      expect(scrubString(text, [])).toBe(text)
    })
  })

  it('is idempotent (property)', () => {
    checkEvery(
      fc.tuple(fc.array(anySecret, { maxLength: 3 }), textWith(anySecret)),
      ([secrets, text]) => {
        const once = scrubString(text, secrets)
        expect(scrubString(once, secrets)).toBe(once)
      },
    )
  })

  it('keeps what the inspector must show', () => {
    const text =
      'GET http://127.0.0.1:4010/api/v2/users/wangxiaoming with User-Agent yuque-oauth-playground/0.1.0, scope repo:read,group:read'
    expect(scrubString(text, ['playground-web-secret'])).toBe(text)
  })

  it('removes a secret in raw, URL-encoded and form-encoded forms', () => {
    const secret = 'a secret/with+signs&more'
    const text = `raw ${secret} url ${encodeURIComponent(secret)} form ${new URLSearchParams({ s: secret }).toString()}`
    expect(scrubString(text, [secret])).toBe(`raw ${REDACTED} url ${REDACTED} form s=${REDACTED}`)
  })

  it('ignores known values too short to search for', () => {
    expect(scrubString('code=abc', ['abc'])).toBe('code=abc')
  })

  it('scrubs the same with its forms computed once (createScrubber, the logger) (property)', () => {
    checkEvery(
      fc.tuple(fc.array(anySecret, { maxLength: 3 }), textWith(anySecret)),
      ([secrets, text]) => {
        expect(createScrubber(secrets)(text)).toBe(scrubString(text, secrets))
      },
    )
  })

  it('keeps UUIDs and nothing else token-shaped with keepUuids (the logger) (property)', () => {
    const uuid = fc.uuid()
    const withUuids = fc.oneof(
      anySecret,
      uuid.map((id) => ` ${id} `),
    )
    checkEvery(
      fc.tuple(fc.array(anySecret, { maxLength: 3 }), textWith(withUuids), uuid),
      ([secrets, text, id]) => {
        const scrub = createScrubber(secrets, { keepUuids: true })
        const scrubbed = scrub(`${text} id=${id}`)
        expect(scrubbed.endsWith(` id=${id}`)).toBe(true)
        const uuids = /[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}/g
        expect(leaks(scrubbed.replace(uuids, ' '), secrets)).toEqual([])
      },
    )
  })
})

describe('redactTrace', () => {
  it('leaves no known secret and nothing token-shaped in any string of any trace, and keeps its shape (property)', () => {
    checkEvery(
      fc
        .array(anySecret, { minLength: 1, maxLength: 4 })
        .chain((secrets) =>
          fc.tuple(fc.constant(secrets), traceWith(textWith(fc.constantFrom(...secrets)))),
        ),
      ([secrets, trace]) => {
        const redacted = redactTrace(trace, secrets)
        for (const text of stringsOf(redacted)) expect(leaks(text, secrets)).toEqual([])
        expect(ProxyTraceSchema.safeParse(redacted).success).toBe(true)
        expect(
          redacted.steps.map((step) => [step.kind, step.outcome, step.response?.status]),
        ).toEqual(trace.steps.map((step) => [step.kind, step.outcome, step.response?.status]))
      },
    )
  })
})

describe('the header encoding', () => {
  it('is printable ASCII and parses back to the same trace (property)', () => {
    checkEvery(traceWith(fc.string({ maxLength: 20, unit: 'grapheme' })), (trace) => {
      const header = encodeTraceHeader(trace)
      expect(header).toMatch(/^[\x20-\x7e]*$/)
      expect(parseTraceHeader(header)).toEqual(trace)
    })
  })

  it('reads an absent, malformed or foreign header as no trace', () => {
    expect(parseTraceHeader(null)).toBeNull()
    expect(parseTraceHeader('{')).toBeNull()
    const call = { method: 'GET', path: '/auth/session', status: 200, at: 0, durationMs: 1 }
    expect(parseTraceHeader(JSON.stringify({ v: 2, call, steps: [] }))).toBeNull()
    expect(
      parseTraceHeader(JSON.stringify({ v: 1, call, steps: [{ kind: 'teleport' }] })),
    ).toBeNull()
    expect(parseTraceHeader(JSON.stringify({ v: 1, call, steps: [] }))).toEqual({
      v: 1,
      call,
      steps: [],
    })
  })
})
