/**
 * The throttles' client key (docs/security.md#s5): the forms of one client's address fold into
 * one key, an IPv6 host counts by its /64, and X-Forwarded-For is read only from a trusted proxy,
 * from the right.
 */
import { describe, expect, it } from 'vitest'
import { clientKey, parseAddress, parseRange } from '../protocol/client-address'
import { clientAddressOf, parseTrustedProxies } from './client-address'

describe('clientKey', () => {
  it.each([
    '127.0.0.1',
    '127.0.0.2',
    '127.255.0.9',
    '::1',
    '::ffff:127.0.0.1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
  ])('keys the loopback address %s as one client', (address) =>
    expect(clientKey(address)).toBe('loopback'),
  )

  it('keys an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientKey('::ffff:192.0.2.7')).toBe('ipv4:192.0.2.7')
    expect(clientKey('::ffff:c000:207')).toBe('ipv4:192.0.2.7')
    expect(clientKey('192.0.2.7')).toBe('ipv4:192.0.2.7')
  })

  it('keys every address of one IPv6 /64 as one client, and another /64 apart', () => {
    const keys = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:abcd::9',
      'fe80::1%eth0',
    ].map(clientKey)
    expect(keys.slice(0, 3)).toEqual(Array(3).fill('ipv6:2001:db8:1:2::/64'))
    expect(keys[3]).toBe('ipv6:fe80:0:0:0::/64')
    expect(clientKey('2001:db8:1:3::1')).not.toBe(keys[0])
  })

  it('keeps what is not an address as one bounded key of its own', () => {
    expect(clientKey('unknown')).toBe('other:unknown')
    expect(clientKey('x'.repeat(500))).toHaveLength(70)
    for (const text of [
      '1.2.3',
      '256.1.1.1',
      '01.2.3.4',
      '1::2::3',
      ':::',
      '1:2:3:4:5:6:7:8:9',
      'g::1',
    ])
      expect(parseAddress(text), text).toBeNull()
  })

  it('parses ranges, and refuses a prefix longer than the address', () => {
    expect(parseRange('10.0.0.0/8')?.bits).toBe(104)
    expect(parseRange('::/0')?.bits).toBe(0)
    for (const text of [
      '10.0.0.0/33',
      '::/129',
      '10.0.0.0/',
      '10.0.0.0/8/8',
      'lb/8',
      '10.0.0.0/-1',
    ])
      expect(parseRange(text), text).toBeNull()
  })
})

describe('clientAddressOf', () => {
  const trusted = parseTrustedProxies('10.0.0.0/8, fd00::/8').ranges

  it('takes the peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddressOf('10.0.0.5', '203.0.113.9', [])).toBe('10.0.0.5')
    expect(clientAddressOf('198.51.100.1', '203.0.113.9', trusted)).toBe('198.51.100.1')
    expect(clientAddressOf('10.0.0.5', undefined, trusted)).toBe('10.0.0.5')
  })

  it('takes the rightmost entry no trusted proxy wrote, behind a trusted one', () => {
    // The client wrote "1.1.1.1" itself; the balancer appended the address it saw.
    expect(clientAddressOf('10.0.0.5', '1.1.1.1, 203.0.113.9', trusted)).toBe('203.0.113.9')
    expect(clientAddressOf('::ffff:10.0.0.5', '1.1.1.1, 203.0.113.9, 10.1.1.1', trusted)).toBe(
      '203.0.113.9',
    )
    expect(clientAddressOf('fd00::2', '203.0.113.9', trusted)).toBe('203.0.113.9')
  })

  it('takes the leftmost entry when every entry is a trusted proxy', () => {
    expect(clientAddressOf('10.0.0.5', '10.9.9.9, 10.1.1.1', trusted)).toBe('10.9.9.9')
  })

  it('keys an unreadable entry as one shared client, never one per value sent', () => {
    expect(clientAddressOf('10.0.0.5', 'a, b', trusted)).toBe('unreadable-forwarded-for')
    expect(clientAddressOf('10.0.0.5', '1.1.1.1, junk', trusted)).toBe('unreadable-forwarded-for')
  })
})
