import { createHmac } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import {
  clientCodeBaseString,
  generateClientCode,
  isValidClientCode,
  signClientCode,
  verifyClientCodeSignature,
} from './client-code'

const params = {
  client_id: 'abc123',
  code: 'JIv3qHSs3ofZdTVTpJiLAXxBb8RKlBqmkCk8PIhg',
  response_type: 'code',
  scope: 'doc,repo',
  timestamp: '1700000000000',
}

describe('clientCodeBaseString', () => {
  it('orders the five parameters alphabetically and URL-encodes values', () => {
    expect(clientCodeBaseString(params)).toBe(
      'client_id=abc123&code=JIv3qHSs3ofZdTVTpJiLAXxBb8RKlBqmkCk8PIhg&response_type=code&scope=doc%2Crepo&timestamp=1700000000000',
    )
  })

  it("encodes as encodeURIComponent does: colon encoded, !'()* left alone", () => {
    expect(clientCodeBaseString({ scope: "doc:read!'()*" })).toContain("scope=doc%3Aread!'()*")
  })

  it('treats a missing value as empty', () => {
    expect(clientCodeBaseString({ client_id: 'x' })).toBe(
      'client_id=x&code=&response_type=&scope=&timestamp=',
    )
  })
})

describe('signClientCode', () => {
  it('matches an HMAC-SHA1 computed independently with node:crypto (known answer)', async () => {
    const base =
      'client_id=abc123&code=JIv3qHSs3ofZdTVTpJiLAXxBb8RKlBqmkCk8PIhg&response_type=code&scope=doc%2Crepo&timestamp=1700000000000'
    const expected = createHmac('sha1', 's3cr3t').update(base).digest('base64')
    await expect(signClientCode(params, 's3cr3t')).resolves.toBe(expected)
  })

  it('changes when any signed parameter changes', async () => {
    const original = await signClientCode(params, 's3cr3t')
    await expect(signClientCode({ ...params, scope: 'doc' }, 's3cr3t')).resolves.not.toBe(original)
    await expect(signClientCode(params, 'other')).resolves.not.toBe(original)
  })
})

describe('verifyClientCodeSignature', () => {
  it('accepts the right signature', async () => {
    const sign = await signClientCode(params, 's3cr3t')
    await expect(verifyClientCodeSignature(params, sign, 's3cr3t')).resolves.toBe(true)
  })

  it('rejects a tampered scope, a wrong secret, and a malformed signature', async () => {
    const sign = await signClientCode(params, 's3cr3t')
    await expect(
      verifyClientCodeSignature({ ...params, scope: 'doc,repo,group' }, sign, 's3cr3t'),
    ).resolves.toBe(false)
    await expect(verifyClientCodeSignature(params, sign, 'wrong')).resolves.toBe(false)
    await expect(verifyClientCodeSignature(params, 'not base64!', 's3cr3t')).resolves.toBe(false)
    await expect(verifyClientCodeSignature(params, '', 's3cr3t')).resolves.toBe(false)
    await expect(verifyClientCodeSignature(params, sign.slice(0, -4), 's3cr3t')).resolves.toBe(
      false,
    )
  })
})

describe('generateClientCode', () => {
  it('makes 40 alphanumeric characters', () => {
    for (let i = 0; i < 200; i++) expect(generateClientCode()).toMatch(/^[A-Za-z0-9]{40}$/)
  })

  it('draws from the injected CSPRNG', () => {
    const random = vi.fn((bytes: Uint8Array) => crypto.getRandomValues(bytes))
    generateClientCode(random)
    expect(random).toHaveBeenCalled()
  })

  it('discards bytes that would bias the alphabet (no modulo bias)', () => {
    // Bytes 248..255 would map to A..H a second time; they must be skipped, not used.
    let call = 0
    const random = (bytes: Uint8Array) => {
      bytes.fill(call++ === 0 ? 250 : 1)
      return bytes
    }
    expect(generateClientCode(random)).toBe('B'.repeat(40))
  })

  it('does not repeat itself over 1000 samples', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => generateClientCode()))
    expect(codes.size).toBe(1000)
  })
})

describe('isValidClientCode', () => {
  it('accepts exactly 40 letters and digits', () => {
    expect(isValidClientCode(params.code)).toBe(true)
    expect(isValidClientCode(params.code.slice(1))).toBe(false)
    expect(isValidClientCode(`${params.code}x`)).toBe(false)
    expect(isValidClientCode(`${params.code.slice(1)}-`)).toBe(false)
  })
})
