/**
 * The flow lab's take-home code (src/web/lab/take-home.tsx; tested here, as the lab's folder is
 * another's): a heading per step, in the reader's language, the step's code as tabs.
 */
// eslint-disable-next-line no-restricted-imports -- a test, never bundled: React's own renderer, not our server
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadLabMessages, setLocale } from '../../i18n/i18n-store'
import { TakeHome, type TakeHomeProps } from '../../lab/take-home'

const config: TakeHomeProps['config'] = {
  clientId: 'playground-web',
  redirectUri: 'http://localhost:5173/callback',
  authorizeEndpoint: 'http://127.0.0.1:4010/oauth2/authorize',
  baseUrl: 'http://127.0.0.1:4010/api/v2',
  clientCodeClientId: 'playground-cli',
  pkce: 'S256',
}

const headings = (html: string) =>
  [...html.matchAll(/<h(\d) id="[^"]*">([^<]*)<\/h\d>/g)].map(
    ([, level, text]) => `h${level} ${text}`,
  )

// setLocale marks <html lang> as the browser's does; here a stand-in document takes it.
vi.stubGlobal('document', { documentElement: { lang: 'en' }, cookie: '' })
afterEach(async () => {
  await setLocale('en', { remember: false })
})

describe('TakeHome', () => {
  it('shows a heading and the code as tabs for each step asked for, in order', () => {
    const html = renderToStaticMarkup(
      <TakeHome steps={['authorize', 'exchange']} config={config} scope="doc,repo" />,
    )
    expect(headings(html)).toEqual([
      'h3 Send the user to the authorization page',
      'h3 Exchange the code for a token',
    ])
    expect(html.match(/role="tablist"/g)).toHaveLength(2)
    // The configuration's values are in the code; the secret is read from the environment.
    expect(html).toContain(
      'url.searchParams.set(&quot;client_id&quot;, &quot;playground-web&quot;)',
    )
    expect(html).toContain('YUQUE_CLIENT_SECRET')
  })

  it('says so where there is no client-code app, and takes the heading level asked for', () => {
    const html = renderToStaticMarkup(
      <TakeHome
        steps={['client-code-sign']}
        config={{ ...config, clientCodeClientId: null }}
        scope="doc"
        headingLevel={2}
      />,
    )
    expect(headings(html)).toEqual(['h2 Client-code flow: sign the authorization request'])
    expect(html).toContain('No client-code app is configured here')
    expect(html).not.toContain('role="tablist"')
  })

  it('speaks Chinese when the page does: headings and comments', async () => {
    // The lab's Chinese loads with its page (app-router.tsx), as here.
    await loadLabMessages()
    await setLocale('zh-CN', { remember: false })
    const html = renderToStaticMarkup(
      <TakeHome steps={['exchange']} config={config} scope="doc,repo" />,
    )
    expect(headings(html)).toEqual(['h3 用授权码换令牌'])
    expect(html).toContain('只请求一次，绝不重试')
  })
})
