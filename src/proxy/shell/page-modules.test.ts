import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ALL_PAGE_MODULES, PAGE_ROUTES, pageModules } from './page-modules'

const en = { connected: false, locale: 'en' } as const

describe('pageModules', () => {
  it('names the page of each route first, as React Router matches it', () => {
    const cases: [string, string][] = [
      ['/', 'src/web/connect/connect-page.tsx'],
      ['/me', 'src/web/profile/profile-page.tsx'],
      ['/me/', 'src/web/profile/profile-page.tsx'],
      ['/ME', 'src/web/profile/profile-page.tsx'],
      ['/users', 'src/web/users/user-lookup-page.tsx'],
      ['/users/alice', 'src/web/users/user-lookup-page.tsx'],
      ['/users/alice/repos', 'src/web/layout/not-found-page.tsx'],
      ['/connect/client-code', 'src/web/client-code/client-code-page.tsx'],
      ['/explore', 'src/web/explorer/explorer-page.tsx'],
      ['/app', 'src/web/your-app/your-app-page.tsx'],
      ['/app/', 'src/web/your-app/your-app-page.tsx'],
      ['/lab', 'src/web/lab/lab-page.tsx'],
      ['/lab/callback', 'src/web/lab/lab-page.tsx'],
      ['/nope', 'src/web/layout/not-found-page.tsx'],
    ]
    for (const [path, page] of cases) expect(pageModules(path, en)[0], path).toBe(page)
  })

  it('adds what every page asks for as it starts, and what a connected page draws', () => {
    const disconnected = pageModules('/me', en)
    expect(disconnected).toContain('src/web/lib/validate.ts')
    expect(disconnected).toContain('src/protocol/session-schemas.ts')
    expect(disconnected).not.toContain('src/web/layout/connected.tsx')
    const connected = pageModules('/me', { ...en, connected: true })
    expect(connected).toContain('src/web/layout/connected.tsx')
    expect(connected).toContain('src/web/layout/api-notices.ts')
  })

  it('loads the Chinese catalogs first for a Chinese page, which renders once they are here', () => {
    expect(pageModules('/', { ...en, locale: 'zh-CN' })[0]).toBe('src/web/i18n/zh.ts')
    expect(pageModules('/', en)).not.toContain('src/web/i18n/zh.ts')
  })

  it('on a callback, adds the exchange and where a login usually lands, once each', () => {
    const modules = pageModules('/callback', { ...en, connected: true })
    expect(modules.slice(0, 2)).toEqual([
      'src/web/callback/callback-page.tsx',
      'src/web/callback/finish-login.ts',
    ])
    expect(modules).toContain('src/web/profile/profile-page.tsx')
    expect(new Set(modules).size).toBe(modules.length)
  })

  it('names in ALL_PAGE_MODULES every module it can answer', () => {
    for (const path of [
      '/',
      '/callback',
      '/me',
      '/users/x',
      '/nope',
      '/explore',
      '/hello',
      '/app',
    ]) {
      for (const locale of ['en', 'zh-CN'] as const) {
        for (const module of pageModules(path, { connected: true, locale })) {
          expect(ALL_PAGE_MODULES).toContain(module)
        }
      }
    }
  })
})

/**
 * The server announces each page's chunk from this table (src/proxy/shell/page-preload.ts): it must say
 * what the router loads, path for path. The router's imports must stay literal for the build, so
 * they are read here from its source.
 */
describe('the page modules table', () => {
  it('has the routes of app-router.tsx, each with the module its lazy() imports', () => {
    const source = readFileSync(path.join(import.meta.dirname, '../../web/app-router.tsx'), 'utf8')
    const routes = [
      ...source.matchAll(
        /(?:index: true|path: '([^']+)'),\s*lazy: \(\) =>\s*import\('\.\/([^']+)'\)/g,
      ),
    ].map(([, routePath, module]) => ({
      path: routePath === undefined ? '/' : routePath === '*' ? '*' : `/${routePath}`,
      module: `src/web/${module}.tsx`,
    }))
    expect(routes.length).toBeGreaterThan(5)
    expect(routes).toEqual(PAGE_ROUTES)
  })
})
