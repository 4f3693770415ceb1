import { describe, expect, it } from 'vitest'
import { buildUpstreamUrl, matchAllowedRoute } from './allow-list'

const none = new URLSearchParams()

describe('matchAllowedRoute', () => {
  it('allows the five GET routes', () => {
    for (const path of [
      'user',
      'hello',
      'users/alice',
      'users/1001',
      'users/alice/repos',
      'users/1001/groups',
    ]) {
      expect(matchAllowedRoute('GET', path, none), path).toMatchObject({ ok: true, path })
    }
  })

  it('refuses other methods with 405', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'TRACE', 'PATCH']) {
      expect(matchAllowedRoute(method, 'user', none)).toMatchObject({ ok: false, status: 405 })
    }
  })

  it('refuses paths that are not on the list with 404', () => {
    for (const path of [
      'admin',
      'users',
      'users/alice/docs',
      'repos/alice/book/docs',
      'user/extra',
    ]) {
      expect(matchAllowedRoute('GET', path, none), path).toMatchObject({ ok: false, status: 404 })
    }
  })

  it('refuses unsafe segments with 400: encoded dots, slashes, hosts, backslashes, CR/LF', () => {
    for (const path of [
      'users/%2e%2e',
      'users/..%2f',
      'users/%252e%252e',
      'users//evil.test',
      '/evil.test',
      'users/@evil.test',
      'users/http:',
      'users/a%5Cb',
      'users/a\\b',
      'users/a%0d%0aX-Injected:1',
      'users/al.ice',
      '',
    ]) {
      expect(matchAllowedRoute('GET', path, none), path).toMatchObject({ ok: false, status: 400 })
    }
  })

  it('forwards only the query parameters a route takes', () => {
    expect(
      matchAllowedRoute('GET', 'users/alice/repos', new URLSearchParams('offset=0&limit=20')),
    ).toMatchObject({
      ok: true,
      search: '?offset=0&limit=20',
    })
    expect(
      matchAllowedRoute('GET', 'user', new URLSearchParams('base=http://evil.test')),
    ).toMatchObject({
      ok: false,
      status: 400,
    })
    expect(
      matchAllowedRoute('GET', 'users/alice/repos', new URLSearchParams('offset=1&offset=2')),
    ).toMatchObject({ ok: false, status: 400 })
    expect(
      matchAllowedRoute('GET', 'users/alice/repos', new URLSearchParams('type=a/b')),
    ).toMatchObject({
      ok: false,
      status: 400,
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
