// eslint-disable-next-line no-restricted-imports -- a test, never bundled: React's own renderer, not our server
import { renderToStaticMarkup } from 'react-dom/server'
import { QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { SavedApp, YourAppResponse } from '../../protocol/your-app-api'
import { setLocale } from '../i18n/i18n-store'
import { createQueryClient } from '../query-client'
import { YourAppPage } from './your-app-page'
import { yourAppQueries } from './your-app-queries'

/**
 * The page as React draws it from an answer of GET /auth/app already in the cache (the real
 * page, query client and router; no request leaves): what each state shows, in HTML.
 */
function render(answer?: YourAppResponse): string {
  const client = createQueryClient()
  if (answer !== undefined) client.setQueryData(yourAppQueries.current().queryKey, answer)
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/app']}>
        <YourAppPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const NONE: YourAppResponse = {
  enabled: true,
  callbackUrl: 'http://localhost:5173/callback',
  services: [
    { kind: 'emulator' },
    { kind: 'yuque' },
    { kind: 'space' },
    { kind: 'host', host: 'https://docs.example.com' },
    { kind: 'host', host: 'https://kb.example.org' },
  ],
  current: null,
}

const SAVED: SavedApp = {
  service: { kind: 'space', space: 'mycorp', origin: 'https://mycorp.yuque.com' },
  app: { clientId: 'my-app', secretHint: '…a1b2', codeClient: null },
  personalToken: { hint: '…wxyz', login: 'alice', name: '王小明', scopes: null },
  expiresAt: Date.UTC(2026, 10, 29, 8, 0),
}

const inputs = (html: string) => [...html.matchAll(/<input [^>]*>/g)].map(([tag]) => tag)

// setLocale marks <html lang> as the browser's does; here a stand-in document takes it.
vi.stubGlobal('document', { documentElement: { lang: 'en' }, cookie: '' })
afterAll(async () => {
  await setLocale('en', { remember: false })
  vi.unstubAllGlobals()
})

describe('the Your app page', () => {
  it('keeps the cards’ room while the settings load, as a status that says so', () => {
    const html = render()
    expect(html).toMatch(/^<title>Your app · Yuque OAuth Playground<\/title><div class="page/)
    expect(html).toContain('<h1>Your app</h1>')
    expect(html).toContain('role="status"')
    expect(html).toContain('Loading your app’s settings…')
    expect(html.match(/skeleton skeleton-line/g)?.length).toBe(15)
  })

  it('says plainly when the operator turned the feature off, and draws no form', () => {
    const html = render({ ...NONE, enabled: false })
    expect(html).toContain('Not available on this server')
    expect(html).toContain('BYO_APP=off')
    expect(html).not.toContain('<form')
    expect(html).toContain('href="/"')
  })

  it('offers each service (each host apart), the callback URL to register, and empty fields', () => {
    const html = render(NONE)
    const radios = inputs(html).filter((tag) => tag.includes('type="radio"'))
    expect(radios).toHaveLength(5)
    expect(radios[0]).toContain('checked')
    expect(html).toContain('https://docs.example.com')
    expect(html).toContain('https://kb.example.org')
    expect(html).toContain('<code>http://localhost:5173/callback</code>')
    expect(html).toContain('account settings → Developer → OAuth apps')
    // The secret and the token are password fields, never filled; nothing is saved yet.
    const passwords = inputs(html).filter((tag) => tag.includes('type="password"'))
    expect(passwords).toHaveLength(3)
    for (const tag of passwords) expect(tag).toContain('value=""')
    expect(html).not.toContain('Your own app is in use')
    expect(html).not.toContain('>Forget<')
    expect(html).toContain('bound to this browser')
    expect(html).toContain('never gets the secret back')
  })

  it('ties each field to its label and its hint', () => {
    const html = render(NONE)
    for (const tag of inputs(html).filter((t) => /type="(text|password)"/.test(t))) {
      const id = /id="([^"]+)"/.exec(tag)?.[1] ?? ''
      expect(html, tag).toContain(`for="${id}"`)
    }
    const clientId = inputs(html).find((tag) => tag.includes('clientId')) ?? ''
    expect(clientId).toMatch(/aria-describedby="[^"]*clientId-hint"/)
    expect(clientId).toContain('aria-invalid="false"')
    // No field cuts a paste at a length: an overlong one is refused whole, as too_long, against
    // the protocol's FIELD_MAX_LENGTH (app-form-state.test.ts), the server's limits too.
    for (const tag of inputs(html)) expect(tag).not.toMatch(/maxlength/i)
  })

  it('once saved, shows the secret as its last four characters only, with Replace and Forget', () => {
    const html = render({ ...NONE, current: SAVED })
    expect(html).toContain('Saved, ending in <code>…a1b2</code>')
    expect(html).toContain('>Replace<')
    expect(html).toContain('>Forget<')
    expect(html).toContain('Use the default app again')
    expect(html).toContain('<code>my-app</code> at <code>https://mycorp.yuque.com</code>')
    // The client id is there to edit; the main secret's field is not drawn until Replace.
    expect(inputs(html).find((tag) => tag.includes('clientId'))).toContain('value="my-app"')
    expect(inputs(html).filter((tag) => tag.includes('type="password"'))).toHaveLength(1)
    // The space chosen, its label and the origin it makes.
    expect(inputs(html).find((tag) => tag.includes('service-space'))).toContain('value="mycorp"')
    expect(html).toContain('<code>https://mycorp.yuque.com</code>')
    expect(html).toContain('<time dateTime="2026-11-29T08:00:00.000Z"')
  })

  it('names the personal token’s owner, and says when the service reports no scopes', () => {
    const html = render({ ...NONE, current: SAVED })
    expect(html).toContain('<span lang="zh-CN">王小明</span>')
    expect(html).toContain('<code>alice</code>')
    expect(html).toContain('Token ending in <code>…wxyz</code>')
    expect(html).toContain('The service does not report scopes for personal tokens.')
    const withScopes = render({
      ...NONE,
      current: { ...SAVED, personalToken: { ...SAVED.personalToken!, scopes: ['doc', 'repo'] } },
    })
    expect(withScopes).toContain('<li class="chip">doc</li><li class="chip">repo</li>')
  })

  it('with only a personal token saved, names the token, not an app, and the app’s form is empty', () => {
    const html = render({ ...NONE, current: { ...SAVED, app: null } })
    expect(html).toContain('Your personal token is in use')
    expect(html).toContain(
      'Connected with your personal token (login <code>alice</code>) at <code>https://mycorp.yuque.com</code>.',
    )
    expect(html).not.toContain('Your own app is in use')
    expect(html).not.toContain('Use the default app again')
    // The app's card as with nothing saved: an empty id, the secret's field, no hint, no Forget
    // of an app (the token's card has its own Forget).
    expect(inputs(html).find((tag) => tag.includes('clientId'))).toContain('value=""')
    expect(html).not.toContain('Saved, ending in')
    expect(inputs(html).filter((tag) => tag.includes('type="password"'))).toHaveLength(2)
    expect(html.match(/>Forget</g)).toHaveLength(1)
    expect(html).not.toContain('Forget this app?')
    // The service the token was saved for is the one chosen; the token's card names its owner.
    expect(inputs(html).find((tag) => tag.includes('service-space'))).toContain('value="mycorp"')
    expect(html).toContain('Token ending in <code>…wxyz</code>')
    // What is saved is still forgotten after a day unused: the notice says when.
    expect(html).toContain('<time dateTime="2026-11-29T08:00:00.000Z"')
  })

  it('is in Chinese when the page is', async () => {
    await setLocale('zh-CN', { remember: false })
    try {
      const html = render({ ...NONE, current: SAVED })
      expect(html).toMatch(/^<title>你的应用 · 语雀 OAuth 演练场<\/title>/)
      expect(html).toContain('<h1>你的应用</h1>')
      expect(html).toContain('已保存，末尾为 <code>…a1b2</code>')
      expect(html).toContain('连续 24 小时未被使用')
      expect(html).toContain('服务不报告个人访问令牌的权限范围。')
      const tokenOnly = render({ ...NONE, current: { ...SAVED, app: null } })
      expect(tokenOnly).toContain('正在使用你的个人访问令牌')
      expect(tokenOnly).toContain(
        '已用你的个人访问令牌（登录名 <code>alice</code>）连接 <code>https://mycorp.yuque.com</code>。',
      )
      expect(tokenOnly).not.toContain('正在使用你自己的应用')
    } finally {
      await setLocale('en', { remember: false })
    }
  })
})
