import { describe, expect, it } from 'vitest'
import {
  parseAcceptedScopesHeader,
  parseGrantedScopesHeader,
  parseRateLimit,
  parseRetryAfter,
} from './headers'

const headers = (entries: Record<string, string>) => new Headers(entries)

describe('parseRateLimit', () => {
  it('reads the limit and the remaining count', () => {
    expect(
      parseRateLimit(headers({ 'X-RateLimit-Limit': '5000', 'X-RateLimit-Remaining': '4999' })),
    ).toEqual({ limit: 5000, remaining: 4999 })
  })

  it('gives unknown, never NaN, for absent or malformed values', () => {
    expect(parseRateLimit(headers({}))).toEqual({ limit: null, remaining: null })
    for (const bad of ['abc', '-1', '1.5', '', '1e3', '0x10', '12 34']) {
      const result = parseRateLimit(
        headers({ 'X-RateLimit-Limit': bad, 'X-RateLimit-Remaining': bad }),
      )
      expect(result).toEqual({ limit: null, remaining: null })
    }
  })
})

describe('parseGrantedScopesHeader', () => {
  it('is unknown when the header is absent (the real service may not send it)', () => {
    expect(parseGrantedScopesHeader(headers({}))).toBeNull()
  })

  it('reads a comma-separated list', () => {
    expect(parseGrantedScopesHeader(headers({ 'X-OAuth-Scopes': 'doc, repo:read' }))).toEqual([
      'doc',
      'repo:read',
    ])
  })

  it('is an empty grant for "null" or an empty value', () => {
    expect(parseGrantedScopesHeader(headers({ 'X-OAuth-Scopes': 'null' }))).toEqual([])
    expect(parseGrantedScopesHeader(headers({ 'X-OAuth-Scopes': '' }))).toEqual([])
  })
})

describe('parseAcceptedScopesHeader', () => {
  it('needs nothing when absent or null', () => {
    expect(parseAcceptedScopesHeader(headers({}))).toEqual([])
    expect(parseAcceptedScopesHeader(headers({ 'X-Accepted-OAuth-Scopes': 'null' }))).toEqual([])
  })

  it('reads the needed scopes', () => {
    expect(parseAcceptedScopesHeader(headers({ 'X-Accepted-OAuth-Scopes': 'repo:read' }))).toEqual([
      'repo:read',
    ])
  })
})

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter(headers({ 'Retry-After': '120' }))).toBe(120)
  })

  it('reads an HTTP date relative to now', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(parseRetryAfter(headers({ 'Retry-After': 'Thu, 01 Jan 2026 00:01:00 GMT' }), now)).toBe(
      60,
    )
  })

  it('is unknown when absent or malformed', () => {
    expect(parseRetryAfter(headers({}))).toBeNull()
    expect(parseRetryAfter(headers({ 'Retry-After': 'soon' }))).toBeNull()
  })
})
