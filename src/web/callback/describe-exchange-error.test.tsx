// eslint-disable-next-line no-restricted-imports -- a test, never bundled: React's own renderer, not our server
import { renderToStaticMarkup } from 'react-dom/server'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { setLocale } from '../i18n/i18n-store'
import { exchangeCode } from '../session/login-requests'
import { CallbackPage } from './callback-page'
import { describeExchangeError } from './describe-exchange-error'
import type { CallbackReport } from './finish-login'
import { callbackMessages } from './messages'
import { callbackMessagesZh } from './messages.zh'

/**
 * The callback page's words for each way the code exchange fails: the proxy's answer goes
 * through the web app's real exchange request (exchangeCode, given the answer as the early
 * script hands it over), and the error it throws is described in both languages.
 */

const LANGUAGES = [
  ['en', callbackMessages.exchange],
  ['zh-CN', callbackMessagesZh.exchange],
] as const

const HAN = /\p{Script=Han}/u

/** The proxy's refusal of POST /auth/exchange, as src/proxy/api/http-errors.ts writes one. */
function proxyRefusal(status: number, code: string, message: string): Response {
  return Response.json(
    { status, code, message },
    { status, headers: { 'X-Playground-Error': code } },
  )
}

/** What the exchange throws for this answer, as finish-login.ts gets it. */
async function failureOf(answer: Response): Promise<unknown> {
  return exchangeCode({ code: 'c1', state: 's1' }, Promise.resolve(answer)).then(
    () => expect.unreachable('the exchange was refused'),
    (error: unknown) => error,
  )
}

const SECRET_REFUSED = proxyRefusal(
  400,
  'app_secret_refused',
  'The service refused your own app (invalid_client).',
)
const APP_CHANGED = proxyRefusal(
  400,
  'app_changed',
  'Your own app was saved again or forgotten while this login was under way.',
)

describe('describeExchangeError', () => {
  it.each(LANGUAGES)(
    'in %s, says the service refused your app’s secret, and leads to the Your app page',
    async (_, m) => {
      const said = describeExchangeError(await failureOf(SECRET_REFUSED.clone()), m)
      expect(said).toEqual({
        ...m.appSecretRefused,
        proxyMessage: 'The service refused your own app (invalid_client).',
        link: { label: m.checkYourApp, to: '/app' },
      })
      expect(said.title).not.toBe(m.refused.title)
    },
  )

  it.each(LANGUAGES)(
    'in %s, says your app was saved again or forgotten while you signed in',
    async (_, m) => {
      const said = describeExchangeError(await failureOf(APP_CHANGED.clone()), m)
      expect(said).toEqual({
        ...m.appChanged,
        proxyMessage: 'Your own app was saved again or forgotten while this login was under way.',
        link: null,
      })
      expect(said.title).not.toBe(m.other({ status: 400 }).title)
    },
  )

  it('has the two new refusals’ words in Chinese, not English, in the Chinese catalog', () => {
    const zh = callbackMessagesZh.exchange
    for (const text of [
      zh.appSecretRefused.title,
      zh.appSecretRefused.detail,
      zh.appChanged.title,
      zh.appChanged.detail,
      zh.checkYourApp,
    ]) {
      expect(text, text).toMatch(HAN)
    }
    // What to check: the secret, against the service's developer settings.
    expect(callbackMessages.exchange.appSecretRefused.detail).toMatch(/Client Secret/)
    expect(callbackMessages.exchange.appSecretRefused.detail).toMatch(/developer settings/)
    expect(callbackMessages.exchange.appChanged.detail).toMatch(/connect again/i)
  })

  it.each([
    ['state_missing', 400, 'stateUnknown'],
    ['state_mismatch', 400, 'stateUnknown'],
    ['state_expired', 400, 'stateExpired'],
    ['exchange_failed', 400, 'refused'],
    ['upstream_error', 502, 'upstreamError'],
    ['upstream_timeout', 504, 'noAnswer'],
    ['upstream_unreachable', 502, 'noAnswer'],
  ] as const)('keeps its words for %s, with no link', async (code, status, key) => {
    for (const [, m] of LANGUAGES) {
      const said = describeExchangeError(await failureOf(proxyRefusal(status, code, 'x')), m)
      expect(said).toEqual({ ...m[key], proxyMessage: 'x', link: null })
    }
  })

  it('says the status of a refusal it has no words for', async () => {
    const said = describeExchangeError(
      await failureOf(proxyRefusal(403, 'csrf', 'no')),
      callbackMessages.exchange,
    )
    expect(said).toEqual({
      ...callbackMessages.exchange.other({ status: 403 }),
      proxyMessage: 'no',
      link: null,
    })
  })
})

// setLocale marks <html lang> as the browser's does; here a stand-in document takes it.
vi.stubGlobal('document', { documentElement: { lang: 'en' }, cookie: '' })
afterAll(async () => {
  await setLocale('en', { remember: false })
  vi.unstubAllGlobals()
})

/** The callback page as React Router draws it for the loader's report (no loader runs). */
async function renderCallback(answer: Response): Promise<string> {
  const report: CallbackReport = {
    params: { kind: 'code', code: 'c1', state: 's1' },
    verdict: 'match',
    failure: { error: await failureOf(answer) },
    retryHref: '/?scope=repo%3Aread',
  }
  const router = createMemoryRouter(
    [{ id: 'callback', path: '/callback', Component: CallbackPage, loader: () => report }],
    { initialEntries: ['/callback'], hydrationData: { loaderData: { callback: report } } },
  )
  return renderToStaticMarkup(<RouterProvider router={router} />)
}

describe('the callback page after a refused exchange', () => {
  it('links to the Your app page when the service refused your app’s secret', async () => {
    const html = await renderCallback(SECRET_REFUSED.clone())
    expect(html).toContain(callbackMessages.exchange.appSecretRefused.title)
    expect(html).toMatch(/<a [^>]*href="\/app"[^>]*>Check your app<\/a>/)
    expect(html).toMatch(/<a [^>]*href="\/\?scope=repo%3Aread"[^>]*>Start again<\/a>/)
  })

  it('only starts again when your app changed during the sign-in, in Chinese too', async () => {
    const html = await renderCallback(APP_CHANGED.clone())
    expect(html).toContain(callbackMessages.exchange.appChanged.title)
    expect(html).not.toContain('href="/app"')
    await setLocale('zh-CN', { remember: false })
    try {
      const zh = await renderCallback(APP_CHANGED.clone())
      expect(zh).toContain(callbackMessagesZh.exchange.appChanged.title)
      const refused = await renderCallback(SECRET_REFUSED.clone())
      expect(refused).toContain(`>${callbackMessagesZh.exchange.checkYourApp}</a>`)
    } finally {
      await setLocale('en', { remember: false })
    }
  })
})
