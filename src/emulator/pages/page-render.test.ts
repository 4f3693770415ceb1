import { AsyncLocalStorage } from 'node:async_hooks'
import { afterEach, expect, it, vi } from 'vitest'
import { createEmulator } from '../emulator'
import { authorizeThroughPages, withUserAgent } from '../../testing/emulator-pages'

afterEach(() => vi.restoreAllMocks())

it('renders its pages (sign-in, consent, an error page) without entering an AsyncLocalStorage, which on Node 20 would slow every promise of the process it shares with the proxy (page-shell.tsx)', async () => {
  const app = withUserAgent(createEmulator().app)
  const run = vi.spyOn(AsyncLocalStorage.prototype, 'run')
  const authorize = `/oauth2/authorize?${new URLSearchParams({
    client_id: 'playground-web',
    redirect_uri: 'http://localhost:5173/callback',
    response_type: 'code',
    scope: 'doc',
    state: 's-1',
  }).toString()}`
  const result = await authorizeThroughPages(app, authorize, { login: 'alice' })
  expect(result.status).toBe(303)
  const error = await app.request('/oauth2/authorize?client_id=nobody')
  expect(error.status).toBe(400)
  expect(await error.text()).toMatch(/^<!DOCTYPE html><html lang="(en|zh-CN)">/)
  expect(run).not.toHaveBeenCalled()
})
