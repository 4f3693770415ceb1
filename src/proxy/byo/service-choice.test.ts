import { describe, expect, it } from 'vitest'
import {
  offeredServices,
  resolveService,
  serviceOptionsOf,
  type ChoiceCode,
  type ServiceOptions,
} from './service-choice'

const HOSTS = ['https://docs.example.com', 'https://kb.example.org:8443']
const REAL: ServiceOptions = { service: 'yuque', emulatorOrigin: null, byoHosts: HOSTS }
const EMULATED: ServiceOptions = {
  service: 'emulator',
  emulatorOrigin: 'http://127.0.0.1:4010',
  byoHosts: HOSTS,
}

/** [what it is, the space label sent, the code] */
const SPACE_REFUSALS: [string, unknown, ChoiceCode][] = [
  ['empty', '', 'required'],
  ['missing', undefined, 'required'],
  ['not a string', 42, 'space_label'],
  ['a list', ['acme'], 'space_label'],
  ['an IPv4 literal', '127.0.0.1', 'space_label'],
  ['an IPv6 literal', '::1', 'space_label'],
  ['a bracketed IPv6 literal', '[::1]', 'space_label'],
  ['a decimal IPv4 (2130706433)', '2130706433', 'space_reserved'],
  ['an octal-looking label', '0177', 'space_reserved'],
  ['a hex IPv4 (0x7f000001)', '0x7f000001', 'space_reserved'],
  ['a port', 'acme:443', 'space_label'],
  ['userinfo', 'a@b', 'space_label'],
  ['another scheme', 'https://acme', 'space_label'],
  ['a file URL', 'file:///etc/passwd', 'space_label'],
  ['a dot-dot', '..', 'space_label'],
  ['a path', 'acme/../evil', 'space_label'],
  ['two labels', 'acme.evil.com', 'space_label'],
  ['a trailing dot', 'acme.', 'space_label'],
  ['a leading hyphen', '-acme', 'space_label'],
  ['a trailing hyphen', 'acme-', 'space_label'],
  ['upper case', 'Acme', 'space_label'],
  ['a unicode look-alike (é)', 'yuqué', 'space_label'],
  ['fullwidth letters', 'ａｃｍｅ', 'space_label'],
  ['a Cyrillic look-alike', 'асme', 'space_label'],
  ['percent-encoding', '%61cme', 'space_label'],
  ['an encoded dot', 'acme%2eevil', 'space_label'],
  ['a space inside', 'ac me', 'space_label'],
  ['a leading space', ' acme', 'space_label'],
  ['a newline', 'acme\n', 'space_label'],
  ['a CRLF', 'acme\r\nHost: evil', 'space_label'],
  ['a NUL', 'acme\u0000', 'space_label'],
  ['a tab', '\tacme', 'space_label'],
  ['a label of 64 characters', 'a'.repeat(64), 'space_label'],
  ['www', 'www', 'space_reserved'],
  ['punycode', 'xn--yuqu-dma', 'space_reserved'],
  ['an underscore', 'ac_me', 'space_label'],
  ['a backslash', 'acme\\evil', 'space_label'],
  ['a query', 'acme?x=1', 'space_label'],
  ['a fragment', 'acme#x', 'space_label'],
]

/** Host values that are not exactly one of the operator's BYO_HOSTS. */
const HOST_REFUSALS: [string, unknown, ChoiceCode][] = [
  ['empty', '', 'required'],
  ['missing', undefined, 'required'],
  ['not a string', 1, 'host_not_offered'],
  ['an IPv4 literal', 'https://127.0.0.1', 'host_not_offered'],
  ['an IPv6 literal', 'https://[::1]', 'host_not_offered'],
  ['a decimal IPv4', 'https://2130706433', 'host_not_offered'],
  ['an octal IPv4', 'https://0177.0.0.1', 'host_not_offered'],
  ['a hex IPv4', 'https://0x7f.0.0.1', 'host_not_offered'],
  ['a listed host with another port', 'https://docs.example.com:444', 'host_not_offered'],
  [
    'a listed host with its default port spelt out',
    'https://docs.example.com:443',
    'host_not_offered',
  ],
  ['userinfo before a listed host', 'https://a@docs.example.com', 'host_not_offered'],
  ['a listed host behind userinfo', 'https://docs.example.com@evil.com', 'host_not_offered'],
  ['another scheme', 'http://docs.example.com', 'host_not_offered'],
  ['a path after a listed host', 'https://docs.example.com/..', 'host_not_offered'],
  ['a trailing slash', 'https://docs.example.com/', 'host_not_offered'],
  ['a trailing dot', 'https://docs.example.com.', 'host_not_offered'],
  ['upper case', 'https://DOCS.example.com', 'host_not_offered'],
  ['a unicode look-alike', 'https://docs.exämple.com', 'host_not_offered'],
  ['fullwidth letters', 'https://ｄｏｃｓ.example.com', 'host_not_offered'],
  ['percent-encoding', 'https://%64ocs.example.com', 'host_not_offered'],
  ['a leading space', ' https://docs.example.com', 'host_not_offered'],
  ['a trailing newline', 'https://docs.example.com\n', 'host_not_offered'],
  ['a bare host name', 'docs.example.com', 'host_not_offered'],
  ['a host not listed', 'https://evil.example.com', 'host_not_offered'],
  ['an overlong value', `https://${'a'.repeat(300)}.com`, 'host_not_offered'],
]

describe('resolveService', () => {
  it.each(SPACE_REFUSALS)('refuses a space label that is %s', (_what, space, code) => {
    const input = space === undefined ? { kind: 'space' } : { kind: 'space', space }
    for (const options of [REAL, EMULATED]) {
      expect(resolveService(input, options)).toEqual({
        ok: false,
        problems: [{ field: 'service.space', code }],
      })
    }
  })

  it.each(HOST_REFUSALS)('refuses a host that is %s', (_what, host, code) => {
    const input = host === undefined ? { kind: 'host' } : { kind: 'host', host }
    for (const options of [REAL, EMULATED]) {
      expect(resolveService(input, options)).toEqual({
        ok: false,
        problems: [{ field: 'service.host', code }],
      })
    }
  })

  it('turns a space into its own https origin on yuque.com, and its API base and OAuth host', () => {
    const result = resolveService({ kind: 'space', space: 'acme-2' }, REAL)
    expect(result).toMatchObject({ ok: true })
    if (!result.ok) return
    expect(result.service.origin).toBe('https://acme-2.yuque.com')
    expect(result.service.baseUrl.href).toBe('https://acme-2.yuque.com/api/v2/')
    expect(result.service.authUrl.href).toBe('https://acme-2.yuque.com/')
    expect(result.service.emulated).toBe(false)
    // 63 characters is the longest label.
    expect(resolveService({ kind: 'space', space: `a${'b'.repeat(61)}c` }, REAL).ok).toBe(true)
  })

  it('takes a host only as exactly one of the operator BYO_HOSTS', () => {
    const result = resolveService({ kind: 'host', host: 'https://kb.example.org:8443' }, REAL)
    expect(result.ok && result.service.baseUrl.href).toBe('https://kb.example.org:8443/api/v2/')
    const none = resolveService(
      { kind: 'host', host: 'https://docs.example.com' },
      {
        ...REAL,
        byoHosts: [],
      },
    )
    expect(none).toEqual({
      ok: false,
      problems: [
        { field: 'service.kind', code: 'unavailable' },
        { field: 'service.host', code: 'host_not_offered' },
      ],
    })
  })

  it('maps Yuque and every space onto the embedded emulator when the playground serves it', () => {
    for (const [input, origin] of [
      [{ kind: 'yuque' }, 'http://127.0.0.1:4010'],
      // The space's own tenant, on its subdomain (docs/emulator.md#enterprise-spaces).
      [{ kind: 'space', space: 'acme' }, 'http://acme.localhost:4010'],
      [{ kind: 'emulator' }, 'http://127.0.0.1:4010'],
    ] as const) {
      const result = resolveService(input, EMULATED)
      expect(result.ok && result.service.origin).toBe(origin)
      expect(result.ok && result.service.emulated).toBe(true)
      expect(result.ok && result.service.choice).toEqual(input)
    }
    // A host the operator listed is the host itself, emulator or not.
    const host = resolveService({ kind: 'host', host: 'https://docs.example.com' }, EMULATED)
    expect(host.ok && host.service.origin).toBe('https://docs.example.com')
  })

  it('offers the emulator only where one runs, and Yuque itself against a real service', () => {
    expect(resolveService({ kind: 'emulator' }, REAL)).toEqual({
      ok: false,
      problems: [{ field: 'service.kind', code: 'unavailable' }],
    })
    const yuque = resolveService({ kind: 'yuque' }, REAL)
    expect(yuque.ok && yuque.service.baseUrl.href).toBe('https://www.yuque.com/api/v2/')
  })

  it.each([
    ['no service', undefined, 'service', 'required'],
    ['null', null, 'service', 'required'],
    ['a string', 'yuque', 'service', 'invalid'],
    ['a list', [{ kind: 'yuque' }], 'service', 'invalid'],
    ['no kind', {}, 'service.kind', 'required'],
    ['an unknown kind', { kind: 'url' }, 'service.kind', 'unknown_kind'],
    ['an inherited name as kind', { kind: 'constructor' }, 'service.kind', 'unknown_kind'],
    [
      'a URL besides yuque',
      { kind: 'yuque', url: 'https://evil.test' },
      'service.url',
      'unexpected',
    ],
    [
      'a host besides a space',
      { kind: 'space', space: 'acme', host: 'x' },
      'service.host',
      'unexpected',
    ],
  ])('refuses %s, naming the field', (_what, input, field, code) => {
    const result = resolveService(input, REAL)
    expect(result.ok).toBe(false)
    expect(!result.ok && result.problems).toContainEqual({ field, code })
  })
})

describe('offeredServices', () => {
  it('lists each kind a browser may pick, every host apart, and where each goes', () => {
    expect(offeredServices(REAL)).toEqual([
      { kind: 'yuque', origin: 'https://www.yuque.com', emulated: false },
      { kind: 'space', origin: 'https://{space}.yuque.com', emulated: false },
      { kind: 'host', host: HOSTS[0], origin: HOSTS[0], emulated: false },
      { kind: 'host', host: HOSTS[1], origin: HOSTS[1], emulated: false },
    ])
    expect(offeredServices({ ...EMULATED, byoHosts: [] })).toEqual([
      { kind: 'emulator', origin: 'http://127.0.0.1:4010', emulated: true },
      { kind: 'yuque', origin: 'http://127.0.0.1:4010', emulated: true },
      { kind: 'space', origin: 'http://{space}.localhost:4010', emulated: true },
    ])
  })
})

describe('serviceOptionsOf', () => {
  const real = (authUrl: string, byoHosts: string[] = []) =>
    serviceOptionsOf({ service: 'yuque', authUrl: new URL(authUrl), byoHosts })

  it('offers the service the operator configured as a host, so an app registered there can be brought', () => {
    const options = real('https://yuque.corp.example', ['https://other.example'])
    expect(options.byoHosts).toEqual(['https://yuque.corp.example', 'https://other.example'])
    const chosen = resolveService({ kind: 'host', host: 'https://yuque.corp.example' }, options)
    expect(chosen.ok && chosen.service.baseUrl.href).toBe('https://yuque.corp.example/api/v2/')
  })

  it('does not repeat Yuque itself or a listed host, and adds nothing on the embedded emulator', () => {
    expect(real('https://www.yuque.com').byoHosts).toEqual([])
    expect(real('https://a.example', ['https://a.example']).byoHosts).toEqual(['https://a.example'])
    const embedded = serviceOptionsOf({
      service: 'emulator',
      authUrl: new URL('http://127.0.0.1:4010'),
      byoHosts: [],
    })
    expect(embedded).toEqual({
      service: 'emulator',
      emulatorOrigin: 'http://127.0.0.1:4010',
      byoHosts: [],
    })
  })
})
