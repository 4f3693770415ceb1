/** @jsxImportSource hono/jsx */
/**
 * The frame of every emulator page: layout, language, stylesheet and the security headers. No script at
 * all; the one inline stylesheet is allowed by the request's CSP nonce, which a middleware sets
 * once per request (`c.set('nonce')`, see `setPageNonce`).
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { Child, FC } from 'hono/jsx'
import { html, raw } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { EmulatorEnv, SpaceOfRequest } from '../context'
import type { RandomFill } from '../../protocol/client-code'
import { randomBase64Url } from '../secrets'
import { messagesFor, withLang, type PageLocale } from './page-locale'
import { STYLE } from './page-style'
import { requestUrl } from '../../protocol/request-url'

/** What a JSX element is at the type level in hono/jsx. */
export type Html = HtmlEscapedString | Promise<HtmlEscapedString>

/** Sets the request's CSP nonce, once, before any handler runs. */
export function setPageNonce(random: RandomFill): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    c.set('nonce', randomBase64Url(random, 16))
    await next()
  }
}

export interface PageOptions {
  status?: ContentfulStatusCode
  /** Origins (or schemes) a form on this page may end up at after a redirect. */
  formTargets?: string[]
  headers?: Record<string, string>
  /**
   * The GET path that shows this page again, for the language link; by default the request's
   * own URL when it is a GET (a POST's page cannot be re-requested, so it has no link).
   */
  here?: string | null
}

/**
 * The document's <head>. A template, not JSX: hono/jsx wraps a <head> element's children in a
 * context provider, which renders inside an AsyncLocalStorage (see renderSync). Interpolations
 * are escaped; the constant stylesheet is raw, or its quotes would become invalid CSS. Both
 * colour schemes are styled (page-style.ts): the browser's own controls follow.
 */
function documentHead(
  title: string,
  nonce: string,
): HtmlEscapedString | Promise<HtmlEscapedString> {
  // prettier-ignore
  return html`<head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><meta name="referrer" content="no-referrer"/><meta name="color-scheme" content="light dark"/><title>${title}</title><style nonce="${nonce}">${raw(STYLE)}</style></head>`
}

const Layout: FC<{
  title: string
  nonce: string
  locale: PageLocale
  /** Where the language link goes: this page in the other language; none after a POST. */
  switchHref: string | null
  /** The enterprise space the page belongs to, named in the header and the title; or null. */
  space: SpaceOfRequest | null
  children?: Child
}> = ({ title, nonce, locale, switchHref, space, children }) => {
  const m = messagesFor(locale)
  const other: PageLocale = locale === 'zh-CN' ? 'en' : 'zh-CN'
  const where = space === null ? '' : ` · ${space.name}`
  return (
    <html lang={locale}>
      {documentHead(`${title}${where} · ${m.shell.titleSuffix}`, nonce)}
      <body>
        <header>
          <span class="logo" aria-hidden="true">
            Y
          </span>
          <span class="brand">{m.shell.brand}</span>
          {space === null ? null : (
            <span class="space" data-space={space.label}>
              {m.shell.space({ space: space.name })}
            </span>
          )}
          <span class="tag">{m.shell.tag}</span>
          {switchHref === null ? null : (
            <a
              class="lang"
              href={withLang(switchHref, other)}
              hreflang={other}
              lang={other}
              aria-label={m.shell.otherLanguageLabel}
            >
              {m.shell.otherLanguage}
            </a>
          )}
        </header>
        <main>
          <div class="card">{children}</div>
        </main>
      </body>
    </html>
  )
}

/** What hono/jsx's elements are at run time, whatever JSX.Element says. */
interface RenderableNode {
  toStringToBuffer(buffer: [string, ...unknown[]]): void
}

/**
 * A page as HTML, walked synchronously into one string. hono/jsx's own toString() runs every
 * render inside an AsyncLocalStorage, which on Node 20 turns on promise hooks for the whole
 * process, for good: the embedded emulator shares its process with the proxy (src/server.ts),
 * whose every call then pays for them (bench: proxy throughput, measured 0.65–0.69× with them
 * and 0.74–0.78× without, two runs each). The emulator's pages have no async component and no
 * context, so the walk alone renders them, and an async part is refused here rather than lost.
 */
function renderSync(node: Html): string {
  if (!('toStringToBuffer' in node)) throw new Error('an emulator page is not a JSX element')
  const buffer: [string, ...unknown[]] = ['']
  ;(node as unknown as RenderableNode).toStringToBuffer(buffer)
  if (buffer.length !== 1) throw new Error('an emulator page has an async part: it must not')
  return buffer[0]
}

/**
 * Sends a page with the headers every emulator page carries: CSP with `frame-ancestors 'none'`
 * and X-Frame-Options against clickjacking of consent (RFC 9700 §4.16), no-referrer so that
 * the authorize URL's parameters never travel in a Referer, and no-store.
 */
export async function sendPage(
  c: Context<EmulatorEnv>,
  title: string,
  content: Html,
  { status = 200, formTargets = [], headers = {}, here }: PageOptions = {},
): Promise<Response> {
  const nonce = c.get('nonce')
  const url = requestUrl(c.req.url)
  const switchHref =
    here !== undefined ? here : c.req.method === 'GET' ? url.pathname + url.search : null
  // Chrome applies form-action to every hop of a form's redirect chain (w3c/webappsec-csp#8),
  // so the consent form's 303 to the client needs the client's origin listed here.
  const formAction = ["'self'", ...formTargets].join(' ')
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ')
  const page = (
    <Layout
      title={title}
      nonce={nonce}
      locale={c.get('locale')}
      switchHref={switchHref}
      space={c.get('space') ?? null}
    >
      {content}
    </Layout>
  )
  const body = '<!DOCTYPE html>' + renderSync(page)
  return c.html(body, status, {
    ...headers,
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    'Cross-Origin-Opener-Policy': 'same-origin',
  })
}

/** The origin form-action must allow for a redirect URI (a scheme for private-use schemes). */
export function formTargetOf(redirectUri: string): string {
  try {
    const url = new URL(redirectUri)
    return url.origin === 'null' ? url.protocol : url.origin
  } catch {
    return "'none'"
  }
}

/** The chosen language, carried by every form of the pages (page-locale.ts); none by default. */
export function LangField(props: { lang: PageLocale | null }) {
  return props.lang === null ? null : <input type="hidden" name="lang" value={props.lang} />
}
