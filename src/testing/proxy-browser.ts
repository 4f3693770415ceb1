/**
 * Test support for the proxy's HTTP tests: a browser-like client with a cookie jar that sends
 * what the web app sends (the CSRF header, a same-origin Origin, JSON bodies).
 */
import type { Hono } from 'hono'
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  StartLoginResponseSchema,
} from '../protocol/playground-api'
import { TRACE_REQUEST_HEADER, TRACE_REQUEST_VALUE } from '../protocol/trace-request'

export interface SetCookie {
  name: string
  value: string
  attributes: Map<string, string>
}

export function parseSetCookie(header: string): SetCookie {
  const [pair = '', ...rest] = header.split(';')
  const eq = pair.indexOf('=')
  const attributes = new Map<string, string>()
  for (const part of rest) {
    const [key = '', value = ''] = part.trim().split('=')
    attributes.set(key.toLowerCase(), value)
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes }
}

export interface CallOptions {
  body?: unknown
  headers?: Record<string, string>
  /** Leave out the CSRF header, Origin and Content-Type the web app sends. */
  bare?: boolean
}

export interface BrowserOptions {
  /** Ask for the flow trace on every call, as the web app does while the inspector is open. */
  trace?: boolean
}

export function createBrowser(
  app: Hono,
  origin = 'http://localhost:5173',
  browserOptions: BrowserOptions = {},
) {
  const jar = new Map<string, string>()
  const seen: SetCookie[] = []

  async function call(method: string, path: string, options: CallOptions = {}) {
    const headers = new Headers(options.bare ? {} : { [CSRF_HEADER]: CSRF_HEADER_VALUE })
    if (!options.bare && method !== 'GET') headers.set('Origin', origin)
    if (browserOptions.trace === true) headers.set(TRACE_REQUEST_HEADER, TRACE_REQUEST_VALUE)
    if (options.body !== undefined && !options.bare) headers.set('Content-Type', 'application/json')
    if (jar.size > 0)
      headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value)
    const body =
      options.body === undefined
        ? null
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body)
    const response = await app.request(`${origin}${path}`, { method, headers, body })
    for (const header of response.headers.getSetCookie()) {
      const cookie = parseSetCookie(header)
      seen.push(cookie)
      if (cookie.attributes.get('max-age') === '0' || cookie.value === '') jar.delete(cookie.name)
      else jar.set(cookie.name, cookie.value)
    }
    return response
  }

  return { call, jar, seen }
}

/**
 * A whole login as the web app makes it: `POST /auth/start`, the service's pages (`approve`
 * answers the authorize URL with the callback's address), then `POST /auth/exchange`.
 */
export async function connectBrowser(
  browser: ReturnType<typeof createBrowser>,
  approve: (authorizeUrl: string) => Promise<string | null>,
  scopes: string[] = [],
): Promise<Response> {
  const start = await browser.call('POST', '/auth/start', { body: { scopes } })
  const { authorizeUrl, state } = StartLoginResponseSchema.parse(await start.json())
  const callback = new URL((await approve(authorizeUrl)) ?? '', 'http://invalid.test/')
  const code = callback.searchParams.get('code')
  return browser.call('POST', '/auth/exchange', { body: { code, state } })
}

/** The browser's cookies as one `Cookie` header value. */
export function cookieHeader(browser: ReturnType<typeof createBrowser>): string {
  return [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ')
}
