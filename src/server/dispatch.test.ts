import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { dispatchByPath, isProxyPath } from './dispatch'

describe('dispatchByPath', () => {
  // Each path as Hono's own router would place it, had the proxy been mounted in the server's
  // app beside the pages (its routes are `/auth/*` and `/api/*`).
  const mounted = new Hono()
  mounted.all('/auth/*', (c) => c.text('proxy'))
  mounted.all('/api/*', (c) => c.text('proxy'))
  mounted.all('*', (c) => c.text('pages'))
  const proxy = new Hono()
  proxy.all('*', (c) => c.text('proxy'))
  const pages = new Hono()
  pages.all('*', (c) => c.text('pages'))
  const dispatch = dispatchByPath(proxy, pages)

  const PATHS = [
    '/auth',
    '/auth/',
    '/auth/start',
    '/authx',
    '/auth?x=1',
    '/api',
    '/api/v2/user',
    '/apis',
    '/%61pi/v2/user',
    '/%2561pi/v2/user',
    '/AUTH/start',
    '//api/v2/user',
    '/',
    '/me',
    '/assets/index.js',
  ]

  it.each(PATHS)('sends %s where the mounted router would', async (path) => {
    const url = `http://localhost${path}`
    const expected = await (await mounted.request(url)).text()
    expect(await (await dispatch(new Request(url))).text()).toBe(expected)
  })

  it('names the two areas and nothing beside them', () => {
    expect(isProxyPath('/api')).toBe(true)
    expect(isProxyPath('/auth/x')).toBe(true)
    expect(isProxyPath('/apix')).toBe(false)
    expect(isProxyPath('/me')).toBe(false)
  })
})
