// eslint-disable-next-line no-restricted-imports -- a test, never bundled: React's own renderer, not our server
import { renderToStaticMarkup } from 'react-dom/server'
import { QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { LAB_SCENARIO_IDS, type LabStatus } from '../../protocol/lab-api'
import type { PlaygroundConfig } from '../../protocol/playground-api'
import { loadLabMessages, setLocale } from '../i18n/i18n-store'
import { ApiError } from '../lib/api-error'
import { configQueries } from '../lib/config-queries'
import { createQueryClient } from '../query-client'
import { LabPage } from './lab-page'
import { labQueries } from './lab-queries'

const CONFIG: PlaygroundConfig = {
  service: 'emulator',
  clientId: 'playground-web',
  redirectUri: 'http://localhost:5173/callback',
  authorizeEndpoint: 'http://127.0.0.1:4010/oauth2/authorize',
  clientCodeClientId: 'playground-cli',
  pkce: 'S256',
  baseUrl: 'http://127.0.0.1:4010/api/v2',
}
const EMULATOR: LabStatus = { runnable: [...LAB_SCENARIO_IDS], profile: 'seed', reason: null }
const REAL: LabStatus = { runnable: [], profile: null, reason: 'real-service' }

/**
 * The page as React draws it from the answers already in the cache (the real page, query client
 * and router; no request leaves, nothing runs): what each state shows, in HTML.
 */
function render(status?: LabStatus | ApiError, path = '/lab'): string {
  const client = createQueryClient()
  if (status instanceof ApiError) {
    const query = client.getQueryCache().build(client, { queryKey: labQueries.status().queryKey })
    query.setState({ status: 'error', error: status, fetchStatus: 'idle' })
  } else if (status !== undefined) {
    client.setQueryData(labQueries.status().queryKey, status)
  }
  client.setQueryData(configQueries.playground().queryKey, CONFIG)
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <LabPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const buttons = (html: string, text: string) =>
  [...html.matchAll(/<button [^>]*>([^<]*)<\/button>/g)].filter(([, label]) => label === text)
const cardOf = (html: string, id: string) =>
  new RegExp(`<li id="scenario-${id}"[^>]*>[\\s\\S]*?</li>`).exec(html)?.[0] ?? ''

// setLocale marks <html lang> as the browser's does; here a stand-in document takes it.
vi.stubGlobal('document', { documentElement: { lang: 'en' }, cookie: '' })
afterAll(async () => {
  await setLocale('en', { remember: false })
  vi.unstubAllGlobals()
})

describe('the flow lab page', () => {
  it('starts with its head, then one polite live region, empty until an outcome', () => {
    const html = render(EMULATOR)
    expect(html).toMatch(
      /^<title>Flow lab · Yuque OAuth Playground<\/title><div class="page"><header class="page-head"><h1>Flow lab<\/h1>/,
    )
    expect(html.match(/aria-live="polite"/g)?.length).toBe(1)
    expect(html).toContain('<p class="visually-hidden" aria-live="polite"></p>')
  })

  it('previews the editor’s request with the connect page’s function: the client, PKCE, the URL', () => {
    const html = render(EMULATOR)
    expect(html).toContain('<code class="preview-value">playground-web</code>')
    expect(html).toContain('href="/app"')
    expect(html).toContain('code_challenge_method')
    expect(html).toContain('http://localhost:5173/callbackx')
    expect(html).toContain('http://127.0.0.1:4010/oauth2/authorize?client_id=playground-web')
    expect(buttons(html, 'Run').length).toBeGreaterThan(0)
    expect(html).toContain('type="submit"')
  })

  it('keeps each scenario’s room while the server is asked: every card, its action a placeholder', () => {
    const html = render()
    for (const id of LAB_SCENARIO_IDS) expect(cardOf(html, id), id).toContain('disabled')
    expect(html).toContain('class="skeleton skeleton-line"')
  })

  it('offers every scenario the emulator runs, and Run all', () => {
    const html = render(EMULATOR)
    for (const id of LAB_SCENARIO_IDS) {
      const card = cardOf(html, id)
      expect(card, id).toMatch(/<button type="button" class="btn">Run<\/button>/)
    }
    expect(html).toContain('embedded emulator (as specified)')
    expect(buttons(html, 'Run all')).toHaveLength(1)
  })

  it('against a real service, offers the honest scenarios as presets and says why the others cannot run', () => {
    const html = render(REAL)
    expect(buttons(html, 'Load into the editor')).toHaveLength(6)
    expect(cardOf(html, 'token-endpoint-5xx')).toContain(
      'Needs the embedded emulator’s test control: a real service cannot be made to fail on demand.',
    )
    expect(cardOf(html, 'redirect-uri-token')).toContain(
      'The editor shapes the authorize request only',
    )
    expect(buttons(html, 'Run all')).toHaveLength(0)
  })

  it('opens the scenario a link names, selected, and runs nothing', () => {
    const html = render(EMULATOR, '/lab?scenario=code-reused')
    expect(cardOf(html, 'code-reused')).toMatch(
      /^<li id="scenario-code-reused" class="card stack card-selected"/,
    )
    expect(html.match(/card-selected/g)).toHaveLength(1)
    expect(html).not.toContain('As expected')
    expect(html).not.toContain('Running…')
  })

  it('says when the server has no lab, and keeps the actions’ room when it could not be asked', () => {
    const refusal = (status: number, kind: 'http' | 'network') =>
      new ApiError({
        kind,
        status,
        body: null,
        headers: new Headers(),
        message: 'refused',
        method: 'GET',
        path: '/auth/lab',
      })
    const missing = render(refusal(404, 'http'))
    expect(missing).toContain('This server has no flow lab')
    expect(cardOf(missing, 'code-reused')).toContain('This server does not offer it.')
    const unreachable = render(refusal(0, 'network'))
    expect(unreachable).not.toContain('This server has no flow lab')
    expect(unreachable).toContain('role="alert"')
    expect(cardOf(unreachable, 'code-reused')).not.toContain('does not offer')
    expect(cardOf(unreachable, 'code-reused')).toContain('disabled')
  })

  it('draws in Chinese for a Chinese reader', async () => {
    // The lab's Chinese loads with its page (app-router.tsx), as here.
    await loadLabMessages()
    await setLocale('zh-CN', { remember: false })
    try {
      const html = render(REAL)
      expect(html).toContain('<h1>流程实验室</h1>')
      expect(html).toContain('需要内置模拟器的测试控制接口')
    } finally {
      await setLocale('en', { remember: false })
    }
  })
})
