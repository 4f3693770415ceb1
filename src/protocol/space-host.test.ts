/**
 * The host rule of enterprise spaces (docs/emulator.md#enterprise-spaces): a space is a subdomain
 * of the public host, `<label>.localhost` when the public host is an IP address, and a `Host`
 * names the main site, a known space, an unknown space (404) or nothing of ours (421).
 */
import { describe, expect, it } from 'vitest'
import { isSpaceLabel, spaceOrigin, tenantOfHost, type HostTenant } from './space-host'

describe('spaceOrigin', () => {
  it.each([
    ['http://127.0.0.1:4010', 'acme', 'http://acme.localhost:4010'],
    ['http://[::1]:4010', 'acme', 'http://acme.localhost:4010'],
    ['http://0.0.0.0:8080', 'acme', 'http://acme.localhost:8080'],
    ['http://localhost:4010', 'acme', 'http://acme.localhost:4010'],
    ['http://yuque.test:4010', 'acme', 'http://acme.yuque.test:4010'],
    ['http://yuque:4010', 'acme', 'http://acme.yuque:4010'],
    ['https://yuque.com', 'acme', 'https://acme.yuque.com'],
    ['https://www.yuque.com', 'acme', 'https://acme.www.yuque.com'],
    ['http://Yuque.Test:4010', 'ACME', 'http://acme.yuque.test:4010'],
    ['http://yuque.test:80', 'acme', 'http://acme.yuque.test'],
    ['http://yuque.test:4010', 'a1-b2', 'http://a1-b2.yuque.test:4010'],
  ])('of %s and label %s is %s', (publicOrigin, label, expected) => {
    expect(spaceOrigin(publicOrigin, label)).toBe(expected)
  })

  it.each(['', 'a.b', '-acme', 'acme-', 'ac me', 'acme:1', 'a'.repeat(64), 'ünï'])(
    'refuses the label %j with a RangeError naming it',
    (label) => {
      expect(() => spaceOrigin('http://127.0.0.1:4010', label)).toThrow(
        new RangeError(
          `label: "${label.slice(0, 80)}" is not a space label: a space label is 1 to 63 lowercase letters, digits and "-", neither first nor last "-"`,
        ),
      )
    },
  )

  it('refuses a public origin that is not a URL, naming it', () => {
    expect(() => spaceOrigin('127.0.0.1:4010x', 'acme')).toThrow(
      'publicOrigin: "127.0.0.1:4010x" is not an origin',
    )
  })
})

describe('tenantOfHost', () => {
  const spaces = new Set(['acme', 'beta'])
  const main: HostTenant = { kind: 'main' }
  const foreign: HostTenant = { kind: 'foreign' }
  const space = (label: string): HostTenant => ({ kind: 'space', label })
  const unknown = (label: string): HostTenant => ({ kind: 'unknown-space', label })

  it.each<[string, string, HostTenant]>([
    // An IP-literal public host: spaces on *.localhost of the same port.
    ['http://127.0.0.1:4010', '127.0.0.1:4010', main],
    ['http://127.0.0.1:4010', 'acme.localhost:4010', space('acme')],
    ['http://127.0.0.1:4010', 'ACME.LocalHost:4010', space('acme')],
    ['http://127.0.0.1:4010', 'beta.localhost:4010', space('beta')],
    ['http://127.0.0.1:4010', 'zed.localhost:4010', unknown('zed')],
    ['http://127.0.0.1:4010', 'acme.127.0.0.1:4010', foreign],
    ['http://127.0.0.1:4010', 'acme.localhost:4011', foreign],
    ['http://127.0.0.1:4010', 'acme.localhost', foreign],
    ['http://127.0.0.1:4010', 'acme.localhost.:4010', foreign],
    ['http://127.0.0.1:4010', 'x.acme.localhost:4010', foreign],
    ['http://127.0.0.1:4010', '.localhost:4010', foreign],
    ['http://[::1]:4010', 'acme.localhost:4010', space('acme')],
    // A named public host: spaces on its subdomains.
    ['http://yuque.test:4010', 'yuque.test:4010', main],
    ['http://yuque.test:4010', 'YUQUE.TEST:4010', main],
    ['http://yuque.test:4010', 'acme.yuque.test:4010', space('acme')],
    ['http://yuque.test:4010', 'Acme.Yuque.Test:4010', space('acme')],
    ['http://yuque.test:4010', 'zed.yuque.test:4010', unknown('zed')],
    ['http://yuque.test:4010', 'acme.yuque.test', foreign],
    ['http://yuque.test:4010', 'acme.yuque.test:80', foreign],
    ['http://yuque.test:4010', 'acme.yuque.test.:4010', foreign],
    ['http://yuque.test:4010', 'yuque.test.:4010', foreign],
    ['http://yuque.test:4010', 'a.acme.yuque.test:4010', foreign],
    ['http://yuque.test:4010', '-acme.yuque.test:4010', foreign],
    ['http://yuque.test:4010', 'acme.localhost:4010', foreign],
    ['http://yuque.test:4010', 'acmeyuque.test:4010', foreign],
    ['http://yuque.test:4010', 'attacker.example', foreign],
    ['http://yuque.test:4010', '', foreign],
    // A default port is not written in Host.
    ['https://yuque.com', 'acme.yuque.com', space('acme')],
    ['https://yuque.com', 'yuque.com', main],
  ])('on %s, Host %j is %j', (publicOrigin, host, expected) => {
    expect(tenantOfHost(host, publicOrigin, spaces)).toEqual(expected)
  })

  it('takes the known spaces as a list too, and knows none when it is empty', () => {
    expect(tenantOfHost('acme.localhost:4010', 'http://127.0.0.1:4010', ['acme'])).toEqual(
      space('acme'),
    )
    expect(tenantOfHost('acme.localhost:4010', 'http://127.0.0.1:4010', [])).toEqual(
      unknown('acme'),
    )
  })

  it('is the inverse of spaceOrigin for every known label', () => {
    for (const publicOrigin of ['http://127.0.0.1:4010', 'http://yuque.test:4010']) {
      for (const label of spaces) {
        const { host } = new URL(spaceOrigin(publicOrigin, label))
        expect(tenantOfHost(host, publicOrigin, spaces)).toEqual(space(label))
      }
    }
  })
})

describe('isSpaceLabel', () => {
  it('takes lowercase DNS labels only', () => {
    expect(['acme', 'a', '0', 'a-b', 'x'.repeat(63)].every(isSpaceLabel)).toBe(true)
    expect(['Acme', 'a.b', '-a', 'a-', 'x'.repeat(64), 'a_b', ''].some(isSpaceLabel)).toBe(false)
  })
})
