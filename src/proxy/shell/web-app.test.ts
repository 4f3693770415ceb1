import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { PAGE_HEADS_FILE, type PageHeads } from './page-head-contract'
import { PAGES } from './page-modules'
import { loadConfig } from '../config'
import { buildWith } from '../../testing/test-manifest'
import { styleHash } from './inline-styles'
import { contentSecurityPolicy, createWebApp } from './web-app'

const root = mkdtempSync(path.join(tmpdir(), 'web-app-'))
writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>shell</title>')
mkdirSync(path.join(root, 'assets'))
writeFileSync(path.join(root, 'assets', 'app-abc123.js'), 'console.log(1)')
writeFileSync(path.join(root, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'))
const config = loadConfig({ SESSION_SECRET: 'x'.repeat(32) })
const app = createWebApp({ root, config })

describe('createWebApp', () => {
  it('serves the shell for every page route with the strict CSP and hardening headers', async () => {
    for (const page of ['/', '/me', '/callback', '/users/alice']) {
      const response = await app.request(page)
      expect(response.status, page).toBe(200)
      expect(await response.text()).toContain('<title>shell</title>')
      const csp = response.headers.get('Content-Security-Policy') ?? ''
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
      ]) {
        expect(csp).toContain(directive)
      }
      expect(csp).not.toContain('unsafe-inline')
      expect(response.headers.get('X-Frame-Options')).toBe('DENY')
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(response.headers.get('Referrer-Policy')).toBe('no-referrer')
      expect(response.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin')
      expect(response.headers.get('Strict-Transport-Security')).toBeNull()
    }
  })

  it('inlines the first load’s stylesheet, allowed by its hash alone', async () => {
    const styled = mkdtempSync(path.join(tmpdir(), 'web-app-styled-'))
    mkdirSync(path.join(styled, 'assets'))
    writeFileSync(path.join(styled, 'assets', 'index-h4sh.css'), 'body{margin:0}')
    writeFileSync(
      path.join(styled, 'index.html'),
      '<!doctype html><head><link rel="stylesheet" crossorigin href="/assets/index-h4sh.css"></head>',
    )
    const response = await createWebApp({ root: styled, config }).request('/me')
    expect(await response.text()).toContain('<style>body{margin:0}</style>')
    const csp = response.headers.get('Content-Security-Policy') ?? ''
    expect(csp).toContain(`style-src 'self' ${styleHash('body{margin:0}')};`)
    expect(csp).not.toContain('unsafe-inline')
  })

  it('lets avatars load from the service host and its enterprise spaces only', async () => {
    const csp = (await app.request('/')).headers.get('Content-Security-Policy') ?? ''
    expect(csp).toContain("img-src 'self' data: http://127.0.0.1:4010 http://*.localhost:4010;")
  })

  it('lets no space host serve avatars when nobody may bring an app (BYO_APP=off)', async () => {
    const off = loadConfig({ SESSION_SECRET: 'x'.repeat(32), BYO_APP: 'off' })
    const csp = contentSecurityPolicy(off)
    expect(csp).toContain("img-src 'self' data: http://127.0.0.1:4010;")
  })

  it('caches hashed assets for a year and the shell not at all', async () => {
    const asset = await app.request('/assets/app-abc123.js')
    expect(asset.headers.get('Cache-Control')).toContain('immutable')
    expect((await app.request('/me')).headers.get('Cache-Control')).toBe('no-cache')
  })

  it('revalidates the shell at / and /index.html like every other page', async () => {
    for (const page of ['/', '/index.html', '/me']) {
      const response = await app.request(page)
      expect(response.status, page).toBe(200)
      expect(response.headers.get('Cache-Control'), page).toBe('no-cache')
    }
  })

  it('answers 404, not the shell, for a missing asset', async () => {
    const response = await app.request('/assets/app-gone999.js')
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('<title>shell</title>')
    expect(response.headers.get('Cache-Control')).toBe('no-cache')
  })

  it('never serves a source map, even one left in the build', async () => {
    writeFileSync(path.join(root, 'assets', 'app-abc123.js.map'), '{"sources":["src/secret.ts"]}')
    for (const map of ['/assets/app-abc123.js.map', '/assets/other.js.map']) {
      const response = await app.request(map)
      expect(response.status, map).toBe(404)
      expect(await response.text(), map).not.toContain('sources')
    }
  })

  it('sends the precompressed file to a browser that accepts it', async () => {
    const response = await app.request('/assets/app-abc123.js', {
      headers: { 'Accept-Encoding': 'gzip, br' },
    })
    expect(response.headers.get('Content-Encoding')).toBe('br')
    expect(response.headers.get('Vary')).toContain('Accept-Encoding')
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(
      'console.log(1)',
    )
    const plain = await app.request('/assets/app-abc123.js')
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(await plain.text()).toBe('console.log(1)')
  })

  it('sends the shell compressed to a browser that accepts it, brotli first, and says it varies', async () => {
    const body = async (response: Response) => Buffer.from(await response.arrayBuffer())
    const br = await app.request('/me', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
    expect(br.headers.get('Content-Encoding')).toBe('br')
    expect(br.headers.get('Content-Type')).toBe('text/html; charset=UTF-8')
    expect(br.headers.get('Vary')).toContain('Accept-Encoding')
    expect(brotliDecompressSync(await body(br)).toString()).toContain('<title>shell</title>')
    const gzip = await app.request('/', { headers: { 'Accept-Encoding': 'gzip, br;q=0' } })
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip')
    expect(gunzipSync(await body(gzip)).toString()).toContain('<title>shell</title>')
    const plain = await app.request('/', { headers: { 'Accept-Encoding': 'identity' } })
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(await plain.text()).toContain('<title>shell</title>')
  })

  it('sends HSTS only when served over HTTPS', async () => {
    const secure = createWebApp({
      root,
      config: loadConfig({
        APP_ORIGIN: 'https://play.example.com',
        // An https origin is production: a strong secret and the emulator asked for (config.ts).
        EMULATOR: 'on',
        SESSION_SECRET: 'web-app-test-session-secret-0123456789',
      }),
    })
    expect((await secure.request('/')).headers.get('Strict-Transport-Security')).toContain(
      'max-age=',
    )
  })

  it('refuses other methods on pages', async () => {
    expect((await app.request('/', { method: 'POST' })).status).toBe(405)
  })
})

describe('createWebApp with the Chinese shell', () => {
  const zhRoot = mkdtempSync(path.join(tmpdir(), 'web-app-zh-'))
  writeFileSync(
    path.join(zhRoot, 'index.html'),
    '<!doctype html><html lang="en"><head><meta name="description" content="en" /><title>shell</title></head><body><div id="root"><p>Connect</p></div></body></html>',
  )
  writeFileSync(
    path.join(zhRoot, 'shell.zh-CN.html'),
    '<title>外壳</title><meta name="description" content="zh" /><div id="root"><p>连接</p></div>',
  )
  const zhApp = createWebApp({ root: zhRoot, config })

  it('sends the page in Chinese to a zh-CN visitor, at / and every page route, and says it varies', async () => {
    for (const page of ['/', '/index.html', '/me']) {
      const response = await zhApp.request(page, {
        headers: { 'Accept-Language': 'zh-CN,zh;q=0.9' },
      })
      const html = await response.text()
      expect(html, page).toContain('<html lang="zh-CN">')
      expect(html, page).toContain('<p>连接</p>')
      expect(response.headers.get('Content-Language')).toBe('zh-CN')
      expect(response.headers.get('Vary')).toContain('Accept-Language')
      expect(response.headers.get('Content-Security-Policy')).toContain("script-src 'self'")
    }
  })

  it('opens a connection to where avatars come from while the code loads, in both languages', async () => {
    for (const language of ['en', 'zh-CN']) {
      const html = await (
        await zhApp.request('/me', { headers: { 'Accept-Language': language } })
      ).text()
      expect(html, language).toContain(
        '<link rel="preconnect" href="http://127.0.0.1:4010" /></head>',
      )
    }
  })

  it('sends English when the switcher’s cookie says so, whatever the browser asks', async () => {
    const response = await zhApp.request('/', {
      headers: { 'Accept-Language': 'zh-CN', Cookie: 'playground_lang=en' },
    })
    expect(await response.text()).toContain('<p>Connect</p>')
  })
})

describe('createWebApp with the build manifest', () => {
  const builtRoot = buildWith()
  writeFileSync(
    path.join(builtRoot, 'index.html'),
    '<!doctype html><html lang="en"><head><title>shell</title>' +
      '<script type="module" crossorigin fetchpriority="low" src="/assets/index-h4sh.js"></script>' +
      '</head><body><div id="root"></div></body></html>',
  )
  const builtApp = createWebApp({ root: builtRoot, config })
  const shellOf = async (page: string, cookie?: string) =>
    (
      await builtApp.request(page, {
        headers: { 'Accept-Encoding': 'identity', ...(cookie ? { Cookie: cookie } : {}) },
      })
    ).text()

  it("announces in each page's head the chunks that page loads as it starts", async () => {
    const profile = await shellOf('/me')
    const head = profile.slice(0, profile.indexOf('</head>'))
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/profile-page-h4sh.js" />',
    )
    expect(head).toContain('href="/assets/validate-h4sh.js"')
    expect(head).not.toContain('connect-page')
    expect(head).not.toContain('connected-h4sh')
    expect(await shellOf('/')).toContain('href="/assets/connect-page-h4sh.js"')
  })

  it('runs the callback’s early script as soon as it is here, on the callback only', async () => {
    const early =
      '<script type="module" async crossorigin src="/assets/early-exchange-h4sh.js"></script>'
    const firstLoad =
      '<script type="module" crossorigin fetchpriority="low" src="/assets/index-h4sh.js">'
    const callback = await shellOf('/callback')
    // `async`: it waits neither for the parser nor for the first load's chunk (HTML Standard,
    // "prepare the script element"); placed first, its fetch starts first.
    expect(callback.indexOf(early)).toBeGreaterThan(-1)
    expect(callback.indexOf(early)).toBeLessThan(callback.indexOf(firstLoad))
    expect(callback.match(/early-exchange-h4sh\.js/g)).toHaveLength(1)
    for (const page of ['/', '/me', '/explore']) expect(await shellOf(page)).not.toContain(early)
    // Where a login leaves from, it is fetched for the cache, not run.
    expect(await shellOf('/')).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/early-exchange-h4sh.js" />',
    )
  })

  it('adds what a connected page draws when the connected hint says so', async () => {
    const shell = await shellOf('/me', 'pg_connected=1')
    expect(shell).toContain('href="/assets/connected-h4sh.js"')
    expect(shell).toContain('href="/assets/api-notices-h4sh.js"')
  })

  it('never serves the manifest, which is the server’s', async () => {
    const response = await builtApp.request('/.vite/manifest.json')
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('isEntry')
  })
})

describe("createWebApp with the pages' heads", () => {
  const headsRoot = mkdtempSync(path.join(tmpdir(), 'web-app-heads-'))
  const main = (loading: string) =>
    `<main id="main" tabindex="-1"><p class="app-loading">${loading}</p></main>`
  writeFileSync(
    path.join(headsRoot, 'index.html'),
    `<!doctype html><html lang="en"><head><meta name="description" content="en" /><title>shell</title></head><body><div id="root">${main('Loading')}</div></body></html>`,
  )
  writeFileSync(
    path.join(headsRoot, 'shell.zh-CN.html'),
    `<title>外壳</title><meta name="description" content="zh" /><div id="root">${main('加载中')}</div>`,
  )
  const heads: PageHeads = {
    [PAGES.profile]: {
      className: 'page',
      html: {
        en: '<header class="page-head"><h1>Your profile</h1><p class="lede">costs $1 &amp; $&amp;</p></header>',
        'zh-CN': '<header class="page-head"><h1>我的资料</h1></header>',
      },
    },
  }
  const writeHeads = (content: string) => {
    mkdirSync(path.join(headsRoot, '.vite'), { recursive: true })
    writeFileSync(path.join(headsRoot, PAGE_HEADS_FILE), content)
  }
  writeHeads(JSON.stringify(heads))
  const headsApp = createWebApp({ root: headsRoot, config })
  const shellOf = async (page: string, language = 'en') =>
    (await headsApp.request(page, { headers: { 'Accept-Language': language } })).text()

  it("puts a page's head above its loading line, in the shell's language, as the router's first render draws it", async () => {
    expect(await shellOf('/me')).toContain(
      '<main id="main" tabindex="-1"><div class="page"><header class="page-head" data-shell><h1>Your profile</h1><p class="lede">costs $1 &amp; $&amp;</p><i hidden></i></header><p class="app-loading">Loading</p></div></main>',
    )
    expect(await shellOf('/me/', 'zh-CN')).toContain(
      '<div class="page"><header class="page-head" data-shell><h1>我的资料</h1><i hidden></i></header><p class="app-loading">加载中</p></div>',
    )
  })

  it('gives a page without a head in the build (the callback, an unknown path) its loading line alone', async () => {
    for (const page of ['/callback', '/nowhere', '/']) {
      expect(await shellOf(page), page).toContain(main('Loading'))
    }
  })

  it('refuses to start on heads that are not a page head, naming what is wrong', () => {
    for (const bad of [
      { [PAGES.profile]: { className: 'page" onclick="x', html: heads[PAGES.profile]?.html } },
      {
        [PAGES.profile]: {
          className: 'page',
          html: { en: '<script>alert(1)</script>', 'zh-CN': '<header class="page-head"></header>' },
        },
      },
    ]) {
      writeHeads(JSON.stringify(bad))
      expect(() => createWebApp({ root: headsRoot, config })).toThrow(/page-head|className/)
    }
    writeHeads('{')
    expect(() => createWebApp({ root: headsRoot, config })).toThrow(/page-heads\.json/)
    writeHeads(JSON.stringify(heads))
  })
})
