import { describe, expect, it } from 'vitest'
import { createEmulator } from '../emulator'
import { localeFromAcceptLanguage, parseLang, withLang } from './page-locale'
import { parseForms, withUserAgent } from '../../testing/emulator-pages'

const REDIRECT = 'http://localhost:5173/callback'
const AUTHORIZE = `/oauth2/authorize?${new URLSearchParams({
  client_id: 'playground-web',
  redirect_uri: REDIRECT,
  response_type: 'code',
  scope: 'doc,repo:read',
  state: 's-1',
}).toString()}`
const ZH = { 'Accept-Language': 'zh-CN,zh;q=0.9,en;q=0.8' }

const setup = () => {
  const emulator = createEmulator({ clock: () => Date.parse('2025-01-15T10:00:00.000Z') })
  return { ...emulator, app: withUserAgent(emulator.app) }
}
type App = ReturnType<typeof setup>['app']

const post = (
  fields: [string, string][],
  cookie: string,
  headers: Record<string, string> = {},
) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, ...headers },
  body: new URLSearchParams(fields).toString(),
})

const hiddenOf = (html: string, id: string): [string, string][] =>
  (parseForms(html).find((f) => f.id === id)?.fields ?? [])
    .filter((f) => f.type === 'hidden')
    .map((f): [string, string] => [f.name, f.value])

const cookieOf = (response: Response) =>
  (response.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''

/** Opens the authorize URL and signs in as alice; returns the consent page's answer. */
async function signInToConsent(app: App, path: string, headers: Record<string, string> = {}) {
  const signIn = await app.request(path, { headers })
  const signInHtml = await signIn.text()
  const signedIn = await app.request(
    '/session',
    post(
      [...hiddenOf(signInHtml, 'sign-in'), ['login', 'alice'], ['password', 'password']],
      cookieOf(signIn),
    ),
  )
  const location = signedIn.headers.get('Location') ?? ''
  const cookie = cookieOf(signedIn)
  const consent = await app.request(location, { headers: { Cookie: cookie } })
  return { signInHtml, location, cookie, consent, consentHtml: await consent.text() }
}

describe('page language', () => {
  it('reads Accept-Language by weight, Chinese for any zh, English otherwise', () => {
    expect(localeFromAcceptLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN')
    expect(localeFromAcceptLanguage('en-US,en;q=0.9,zh;q=0.8')).toBe('en')
    expect(localeFromAcceptLanguage('fr;q=1, zh-TW;q=0.5')).toBe('zh-CN')
    expect(localeFromAcceptLanguage('en;q=0.2, zh;q=0.7')).toBe('zh-CN')
    expect(localeFromAcceptLanguage('zh;q=0, de')).toBe('en')
    expect(localeFromAcceptLanguage(undefined)).toBe('en')
    expect(parseLang('ZH-cn')).toBe('zh-CN')
    expect(parseLang('<script>')).toBeNull()
  })

  it('Accept-Language zh-CN gives the sign-in page in Chinese with lang="zh-CN"', async () => {
    const { app } = setup()
    const response = await app.request(AUTHORIZE, { headers: ZH })
    const html = await response.text()
    expect(html).toContain('<html lang="zh-CN">')
    expect(html).toContain('<h1>登录</h1>')
    expect(html).toContain('登录以继续使用 Yuque OAuth Playground')
    // The language link leads to this request's page in English.
    expect(html).toMatch(
      /<a class="lang" href="\/oauth2\/authorize\/consent\?request=[^"]+&amp;lang=en"/,
    )
  })

  it('an English browser gets English, lang="en" and a link to Chinese', async () => {
    const { app } = setup()
    const html = await (await app.request('/settings/tokens')).text()
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('<h1>Sign in</h1>')
    expect(html).toContain('href="/settings/tokens?lang=zh-CN"')
    expect(html).toContain('<meta name="color-scheme" content="light dark"/>')
  })

  it('links to the other language on this origin whatever the path, `//` included', async () => {
    const { app } = setup()
    const root = await app.request('http://127.0.0.1:4010//?')
    expect(root.status).toBe(404)
    expect(await root.text()).toContain('href="/?lang=zh-CN"')
    expect(withLang('//evil.example/x?a=1', 'en')).toBe('/evil.example/x?a=1&lang=en')
    expect(withLang('/settings/tokens?lang=en', 'zh-CN')).toBe('/settings/tokens?lang=zh-CN')
  })

  it('keeps a chosen language through sign-in to the consent page, which reads like Yuque’s', async () => {
    const { app } = setup()
    // An English browser that chose Chinese with the language link.
    const { signInHtml, location, consent, consentHtml } = await signInToConsent(
      app,
      `${AUTHORIZE}&lang=zh-CN`,
      { 'Accept-Language': 'en' },
    )
    expect(hiddenOf(signInHtml, 'sign-in')).toContainEqual(['lang', 'zh-CN'])
    expect(location).toMatch(/^\/oauth2\/authorize\/consent\?request=.+&lang=zh-CN$/)
    expect(consent.status).toBe(200)
    expect(consentHtml).toContain('<html lang="zh-CN">')
    expect(consentHtml).toContain('授权 Yuque OAuth Playground')
    expect(consentHtml).toContain('>允许</button>')
    expect(consentHtml).toContain('>拒绝</button>')
    expect(consentHtml).toContain('<code>doc</code>')
    expect(consentHtml).toContain('读取和修改文档')
    expect(consentHtml).toContain('读取知识库')
    // The app's registered name stays (the service's data); its description is in Chinese.
    expect(consentHtml).toContain('演练场的网页应用（授权码流程）。')
    expect(consentHtml).not.toContain('The playground web app')
    expect(hiddenOf(consentHtml, 'consent')).toContainEqual(['lang', 'zh-CN'])
  })

  it('without a choice, the flow follows the browser and adds no lang anywhere', async () => {
    const { app } = setup()
    const { location, consentHtml } = await signInToConsent(app, AUTHORIZE)
    expect(location).not.toContain('lang=')
    expect(consentHtml).toContain('<h1>Authorize Yuque OAuth Playground</h1>')
    expect(consentHtml).toContain('The playground web app (authorization-code flow).')
    expect(hiddenOf(consentHtml, 'consent').map(([name]) => name)).not.toContain('lang')
  })

  it('the Chinese consent form still grants the ticked scopes', async () => {
    const { app } = setup()
    const { cookie, consentHtml } = await signInToConsent(app, AUTHORIZE, ZH)
    const answer = await app.request(
      '/oauth2/authorize/decision',
      post(
        [...hiddenOf(consentHtml, 'consent'), ['scope', 'doc'], ['decision', 'approve']],
        cookie,
        ZH,
      ),
    )
    expect(answer.status).toBe(303)
    expect(answer.headers.get('Location')).toMatch(
      /^http:\/\/localhost:5173\/callback\?code=.+&state=s-1$/,
    )
  })

  it('nonces the Chinese page’s one stylesheet, like the English one', async () => {
    const { app } = setup()
    const response = await app.request(AUTHORIZE, { headers: ZH })
    const csp = response.headers.get('Content-Security-Policy') ?? ''
    const nonce = /style-src 'nonce-([A-Za-z0-9_-]+)'/.exec(csp)?.[1]
    expect(nonce).toBeDefined()
    const html = await response.text()
    expect(html.match(/<style/g)).toHaveLength(1)
    expect(html).toContain(`<style nonce="${nonce ?? ''}">`)
    expect(html).toContain('prefers-color-scheme:dark')
    expect(csp).toContain("default-src 'none'")
  })

  it('translates error pages: an expired request and an unknown app in Chinese', async () => {
    const { app } = setup()
    const expired = await app.request('/oauth2/authorize/consent?request=nope', { headers: ZH })
    expect(expired.status).toBe(400)
    const expiredHtml = await expired.text()
    expect(expiredHtml).toContain('<h1>找不到授权请求</h1>')
    expect(expiredHtml).toContain('此授权请求已过期，或已经答复过了。')
    const unknown = await app.request('/oauth2/authorize?client_id=nobody&lang=zh-CN')
    const unknownHtml = await unknown.text()
    expect(unknownHtml).toContain('<h1>未知应用</h1>')
    expect(unknownHtml).toContain('没有以 client_id &quot;nobody&quot; 注册的应用。')
    expect(unknownHtml).toContain('把你带到这里的应用配置有误。')
    const missing = await app.request('/no-such-page', { headers: ZH })
    expect(await missing.text()).toContain('<h1>页面不存在</h1>')
  })

  it('a refused form post answers in the form’s language', async () => {
    const { app } = setup()
    const refused = await app.request(
      '/session',
      post(
        [
          ['lang', 'zh-CN'],
          ['login', 'alice'],
          ['password', 'password'],
        ],
        '',
      ),
    )
    expect(refused.status).toBe(403)
    expect(await refused.text()).toContain('登录表单的安全令牌缺失或不正确。')
  })

  it('English error pages keep their English text', async () => {
    const { app } = setup()
    const html = await (await app.request('/oauth2/authorize/consent?request=nope')).text()
    expect(html).toContain('<h1>Authorization request not found</h1>')
    expect(html).toContain('This authorization request has expired or was already answered.')
  })
})
