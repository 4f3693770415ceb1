/**
 * Serves the built web app (`vite build` → dist/) beside the proxy, with the browser hardening
 * of docs/security.md#g1 to #g4. The Vite dev server needs inline scripts for hot reload, so this
 * CSP is for the production build only.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type Context } from 'hono'
import { readCookie, type Locale } from '../../protocol/locale'
import { withPageHead } from './page-head-contract'
import { pageModule, pageModules, pageScripts } from './page-modules'
import type { Config } from '../config'
import { inlineFirstLoadStyles } from './inline-styles'
import { localizeShell, shellLocale } from './localize-shell'
import { readPageHeads } from './page-heads'
import { MANIFEST_PATH, readPagePreload } from './page-preload'
import { connectedHintCookieName } from '../auth/session'
import { spaceOrigin } from '../../protocol/space-host'
import { chooseShellEncoding, encodeShell, type EncodedShell } from './shell-encoding'

/** Where avatars may come from: the service's own hosts, and the real service's image CDN. */
function imageSources(config: Config): string[] {
  const origins = new Set([config.authUrl.origin, config.baseUrl.origin])
  if (config.service === 'yuque') origins.add('https://cdn.nlark.com')
  return [...origins]
}

/**
 * With your own app (docs/decisions/0015-your-own-app.md), the services a browser may choose
 * serve avatars too: each of BYO_HOSTS, and on the embedded emulator its enterprise spaces'
 * subdomains (`http://*.localhost:<port>`, src/protocol/space-host.ts). Allowed, not preconnected:
 * most pages never show one.
 */
function chosenImageSources(config: Config): string[] {
  if (config.byoApp === 'off') return []
  const spaces =
    config.service === 'emulator'
      ? [spaceOrigin(config.authUrl.origin, 'space').replace('//space.', '//*.')]
      : []
  return [...config.byoHosts, ...spaces]
}

/** `styleHashes`: the shell's own `<style>` contents (inline-styles.ts), allowed by hash alone. */
export function contentSecurityPolicy(config: Config, styleHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...styleHashes].join(' '),
    `img-src 'self' data: ${[...imageSources(config), ...chosenImageSources(config)].join(' ')}`,
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    // The app navigates to the authorize page with location.assign, not a form: 'self' suffices.
    "form-action 'self'",
  ].join('; ')
}

const notFound = (c: Context) =>
  c.json({ status: 404, message: `${c.req.path.slice(0, 200)} is not a file of the app.` }, 404)

/**
 * A connection to where avatars come from, opened while the app's code loads: a connected page's
 * largest picture is the avatar, which only the first API answer names (Lighthouse,
 * "Preconnect to required origins"). No `crossorigin`: images are fetched without CORS.
 */
function withPreconnect(html: string, config: Config): string {
  const links = imageSources(config)
    .map((origin) => `<link rel="preconnect" href="${origin}" />`)
    .join('')
  return html.includes('</head>') ? html.replace('</head>', `${links}</head>`) : html
}

/** The shell's own script tag, as scripts/build/low-priority-scripts.ts leaves it. */
const FIRST_LOAD_SCRIPT = /<script type="module"/

/**
 * The page in each language, its first-load styles inline; a build without the Chinese shell
 * serves English to everyone.
 */
function readShells(root: string, config: Config) {
  const { html: en, hashes } = inlineFirstLoadStyles(
    readFileSync(path.join(root, 'index.html'), 'utf8'),
    root,
  )
  const zhShellPath = path.join(root, 'shell.zh-CN.html')
  const zh = existsSync(zhShellPath) ? localizeShell(en, readFileSync(zhShellPath, 'utf8')) : en
  const shells: Record<Locale, string> = {
    en: withPreconnect(en, config),
    'zh-CN': withPreconnect(zh, config),
  }
  return { shells, styleHashes: hashes }
}

/**
 * The shell for a page: in its language, with the page's head (page-head-contract.ts),
 * announcing the chunks that page loads as it starts (page-preload.ts). Encoded once per
 * distinct page (a few dozen: the routes, two languages, connected or not), when first asked for.
 */
function createShells(root: string, config: Config) {
  const { shells, styleHashes } = readShells(root, config)
  const preload = readPagePreload(root)
  const heads = readPageHeads(root)
  const hintName = connectedHintCookieName(config.isSecure)
  const encoded = new Map<string, EncodedShell>()
  const shellFor = (pathname: string, locale: Locale, cookie: string | undefined): EncodedShell => {
    const connected = readCookie(cookie ?? '', hintName) === '1'
    const links = preload.linksFor(pageModules(pathname, { connected, locale }))
    const scripts = preload.scriptsFor(pageScripts(pathname))
    const page = pageModule(pathname)
    const head = heads[page]
    const key = `${locale}\n${head === undefined ? '' : page}\n${links}\n${scripts}`
    let shell = encoded.get(key)
    if (shell === undefined) {
      let html = shells[locale]
      if (head !== undefined) {
        html = withPageHead(html, { className: head.className, html: head.html[locale] })
      }
      // A page's own scripts first: their fetches start first (page-preload.ts `scriptsFor`).
      html = FIRST_LOAD_SCRIPT.test(html)
        ? html.replace(FIRST_LOAD_SCRIPT, `${scripts}$&`)
        : html.replace('</head>', `${scripts}</head>`)
      shell = encodeShell(
        html.includes('</head>') ? html.replace('</head>', `${links}</head>`) : html,
      )
      encoded.set(key, shell)
    }
    return shell
  }
  return { shellFor, styleHashes }
}

export function createWebApp(options: { root: string; config: Config }): Hono {
  const { shellFor, styleHashes } = createShells(options.root, options.config)
  const csp = contentSecurityPolicy(options.config, styleHashes)
  const app = new Hono()

  app.use('*', async (c, next) => {
    await next()
    c.header('Content-Security-Policy', csp)
    c.header('X-Frame-Options', 'DENY')
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'no-referrer')
    c.header('Cross-Origin-Opener-Policy', 'same-origin')
    c.header('Cross-Origin-Resource-Policy', 'same-origin')
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
    if (options.config.isSecure) c.header('Strict-Transport-Security', 'max-age=31536000')
  })

  // Hashed file names: cache for a year. Everything else, `/` and /index.html included, is
  // revalidated on every load: a deploy must reach every open browser.
  app.use('*', async (c, next) => {
    await next()
    const isAsset = c.req.path.startsWith('/assets/') && c.res.status === 200
    c.header('Cache-Control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache')
  })
  // Source maps would publish the source (the build emits none, vite.config.ts): never served;
  // nor the build's manifest, which is the server's (page-preload.ts), not a page's.
  const buildOnly = `/${path.dirname(MANIFEST_PATH)}/`
  app.get('*', async (c, next) =>
    c.req.path.endsWith('.map') || c.req.path.startsWith(buildOnly) ? notFound(c) : next(),
  )
  // The page in the visitor's language (localize-shell.ts), before serveStatic would send
  // index.html itself for `/`.
  const page = (c: Context) => {
    const cookie = c.req.header('Cookie')
    const locale = shellLocale({ cookie, acceptLanguage: c.req.header('Accept-Language') })
    const encoding = chooseShellEncoding(c.req.header('Accept-Encoding'))
    c.header('Content-Language', locale)
    c.header('Vary', 'Cookie, Accept-Language, Accept-Encoding')
    c.header('Content-Type', 'text/html; charset=UTF-8')
    if (encoding !== 'identity') c.header('Content-Encoding', encoding)
    return c.body(shellFor(c.req.path, locale, cookie)[encoding])
  }
  app.get('/', page)
  app.get('/index.html', page)
  // `vite build` writes .br and .gz beside each asset (vite.config.ts): no compression per request.
  app.get('*', serveStatic({ root: options.root, precompressed: true }))
  // A missing asset is a 404, not the app's HTML (which a <script> would run as JavaScript).
  app.get('/assets/*', notFound)
  // Every other page is the single-page app.
  app.get('*', page)
  app.all('*', (c) =>
    c.json({ status: 405, message: `${c.req.method} is not allowed on pages.` }, 405),
  )
  return app
}
