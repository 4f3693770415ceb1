/**
 * The `route` label (route-label.ts): every operation of the endpoint table under its own
 * template, the proxy's /auth routes by name, and any other path, however random, under a name
 * from the fixed list: the label's values stay bounded.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../protocol/endpoints'
import type { SegmentKind } from '../protocol/endpoint-types'
import { loadConfig } from '../proxy/config'
import { createProxyServer } from '../proxy/proxy'
import { createInProcessUpstream } from '../proxy/api/upstream'
import { createRouteLabeler, proxyAuthPaths } from './route-label'

const SAMPLE: Record<SegmentKind, string> = {
  id: '42',
  login: 'alice',
  userKey: '1001',
  slug: 'a.b',
}

const proxy = createProxyServer({
  config: loadConfig({ SESSION_SECRET: 'route-label-test-secret-0123456789' }),
  upstream: createInProcessUpstream(() => new Response('{}')),
})
const authPaths = proxyAuthPaths(proxy.app.routes)
const FIXED = ['/api/*', '/auth/*', 'health', 'metrics', 'asset', 'page']

describe('the route label', () => {
  it('names each operation of the endpoint table by its template, for its method and others', () => {
    const routeOf = createRouteLabeler(authPaths)
    for (const endpoint of ENDPOINTS) {
      const params: Readonly<Record<string, SegmentKind>> = endpoint.params
      const filled = endpoint.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
        return SAMPLE[params[name] ?? 'id']
      })
      const path = `/api/v2${filled}`
      expect(routeOf(endpoint.method, path)).toBe(`/api/v2${endpoint.path}`)
      // A method the path does not allow (a 405) is still counted under the path's template.
      const label = routeOf('PATCH', path)
      expect(label.startsWith('/api/v2/')).toBe(true)
      expect(label).not.toContain('alice')
    }
  })

  it('names the proxy’s /auth routes, and nothing else under /auth', () => {
    expect(authPaths).toEqual(
      expect.arrayContaining(['/auth/start', '/auth/exchange', '/auth/session', '/auth/logout']),
    )
    expect(authPaths.every((path) => !/[*:]/.test(path))).toBe(true)
    const routeOf = createRouteLabeler(authPaths)
    expect(routeOf('POST', '/auth/start')).toBe('/auth/start')
    expect(routeOf('POST', '/auth/client-code/poll')).toBe('/auth/client-code/poll')
    expect(routeOf('GET', '/auth/anything-else')).toBe('/auth/*')
    expect(routeOf('GET', '/auth')).toBe('/auth/*')
  })

  it.each([
    ['/healthz', 'health'],
    ['/readyz', 'health'],
    ['/metrics', 'metrics'],
    ['/assets/index-Ab12.js', 'asset'],
    ['/favicon.svg', 'asset'],
    ['/', 'page'],
    ['/index.html', 'page'],
    ['/me', 'page'],
    ['/robots.txt', 'asset'],
    ['/users/alice', 'page'],
    ['/api', '/api/*'],
    ['/api/v1/user', '/api/*'],
    ['/api/v2', '/api/*'],
    ['/api/v2/users/../user', '/api/*'],
    ['/apis', 'page'],
  ])('names %s %s', (path, label) => {
    expect(createRouteLabeler(authPaths)('GET', path)).toBe(label)
  })

  it('gives any path a label from the table or the fixed list (property, bounded)', () => {
    const routeOf = createRouteLabeler(authPaths)
    const allowed = new Set([...FIXED, ...authPaths, ...ENDPOINTS.map((e) => `/api/v2${e.path}`)])
    const segment = fc.oneof(
      fc.constantFrom('api', 'v2', 'auth', 'users', 'repos', 'docs', 'alice', '42', '..', '%2e'),
      fc.string({ maxLength: 12 }),
    )
    const path = fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`)
    const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS')
    const seen = new Set<string>()
    fc.assert(
      fc.property(method, path, (m, p) => {
        const label = routeOf(m, p)
        seen.add(label)
        return allowed.has(label)
      }),
      { numRuns: 3000, interruptAfterTimeLimit: 5000 },
    )
    expect(seen.size).toBeLessThanOrEqual(allowed.size)
  })
})
