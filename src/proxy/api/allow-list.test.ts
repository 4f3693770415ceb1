import { describe, expect, it } from 'vitest'
import { ALLOWED_SUMMARY, buildUpstreamUrl, matchForwardedCall } from './allow-list'

const none = new URLSearchParams()

describe('matchForwardedCall', () => {
  it('allows the GET operations of the endpoint table', () => {
    for (const path of [
      'user',
      'hello',
      'users/alice',
      'users/1001',
      'users/alice/repos',
      'users/1001/groups',
    ]) {
      expect(matchForwardedCall('GET', `/${path}`, none), path).toMatchObject({ ok: true, path })
    }
  })

  it('refuses other methods with 405 and the methods the path allows', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'TRACE', 'PATCH']) {
      expect(matchForwardedCall(method, '/user', none)).toEqual({
        ok: false,
        status: 405,
        allow: ['GET'],
        message: `${method} is not allowed on /user (allowed: GET).`,
      })
    }
  })

  it('refuses paths that are not in the table with 404 and lists what is forwarded', () => {
    for (const path of [
      'admin',
      'users',
      'users/alice/docs',
      'repos/alice/book/attachments',
      'user/extra',
    ]) {
      expect(matchForwardedCall('GET', `/${path}`, none), path).toMatchObject({
        ok: false,
        status: 404,
        message: expect.stringContaining(`forwards only ${ALLOWED_SUMMARY}`) as unknown,
      })
    }
  })

  it('refuses unsafe segments: encoded dots, slashes, hosts, backslashes, CR/LF (docs/security.md#f2)', () => {
    for (const path of [
      '/users/%2e%2e',
      '/users/..%2f',
      '/users/%252e%252e',
      '/users//evil.test',
      '//evil.test',
      '/users/@evil.test',
      '/users/http:',
      '/users/a%5Cb',
      '/users/a\\b',
      '/users/a%0d%0aX-Injected:1',
      '/users/al.ice',
      '/',
      '',
    ]) {
      expect(matchForwardedCall('GET', path, none), path).toMatchObject({
        ok: false,
        status: 404,
        message: expect.stringContaining('No operation of the API matches') as unknown,
      })
    }
  })

  it('forwards only the query parameters an operation takes', () => {
    expect(
      matchForwardedCall('GET', '/users/alice/repos', new URLSearchParams('offset=0&limit=20')),
    ).toMatchObject({ ok: true, search: '?offset=0&limit=20' })
    expect(
      matchForwardedCall('GET', '/user', new URLSearchParams('base=http://evil.test')),
    ).toEqual({
      ok: false,
      status: 400,
      message: 'The query parameter "base" is not allowed on GET /user (allowed: none).',
    })
    expect(
      matchForwardedCall('GET', '/users/alice/repos', new URLSearchParams('offset=1&offset=2')),
    ).toEqual({ ok: false, status: 400, message: 'The query parameter "offset" is repeated.' })
    expect(
      matchForwardedCall('GET', '/users/alice/repos', new URLSearchParams('type=a/b')),
    ).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringContaining('"type"') as unknown,
    })
  })
})

describe('buildUpstreamUrl', () => {
  const base = new URL('https://www.yuque.com/api/v2/')

  it('stays on the configured base', () => {
    expect(buildUpstreamUrl(base, 'users/alice', '').href).toBe(
      'https://www.yuque.com/api/v2/users/alice',
    )
  })

  it('throws rather than leave the base, whatever the path (bounded fuzz)', () => {
    const alphabet = [
      'a',
      '.',
      '/',
      '\\',
      '%2e',
      '@',
      ':',
      '?',
      '#',
      'http://evil.test',
      '//',
      '%2f',
    ]
    let seed = 7
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31)
    for (let i = 0; i < 2000; i++) {
      const path = Array.from(
        { length: 1 + (next() % 6) },
        () => alphabet[next() % alphabet.length],
      ).join('')
      try {
        const url = buildUpstreamUrl(base, path, '')
        expect(url.origin).toBe(base.origin)
        expect(url.pathname.startsWith('/api/v2/')).toBe(true)
      } catch (error) {
        expect(String(error)).toMatch(/left the configured base/)
      }
    }
  })
})
