/**
 * The proxy's calls to the service through an outbound HTTP proxy, for servers that reach
 * yuque.com only that way: `HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY`, read as curl and npm read
 * them (the upper-case name first, then the lower-case one). Loopback is always reached directly:
 * the embedded emulator listens there, and a proxy set for the whole machine must not take its
 * calls away (outbound-proxy.test.ts).
 */
import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici'
import type { Env } from '../config'

export interface OutboundProxy {
  /** For https:// services (the real one); when unset, `http` serves them too (undici's rule). */
  https: URL | null
  /** For http:// services (an emulator elsewhere than loopback). */
  http: URL | null
  /** Hosts reached directly, as given, loopback added (undici's NO_PROXY syntax). */
  noProxy: string
}

/** As undici matches NO_PROXY against a URL's host: an IPv6 address keeps its brackets. */
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]']

/** A NO_PROXY entry: `*`, or a host or domain (`.example.com`, `*.example.com`), maybe a port. */
const NO_PROXY_ENTRY =
  /^(\*|(\*?\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?|\[[0-9a-f:.]+\](:\d{1,5})?)$/i

function proxyUrl(name: string, value: string, problems: string[]): URL | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    problems.push(`${name} must be a proxy's URL such as http://proxy.example:3128, got "${value}"`)
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    problems.push(`${name} must use http or https (the proxy's own scheme), got "${url.protocol}"`)
    return null
  }
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') {
    problems.push(`${name} must be a proxy's origin without a path, query or fragment`)
    return null
  }
  try {
    // undici decodes them for Proxy-Authorization: a bad escape would throw at start-up.
    decodeURIComponent(url.username)
    decodeURIComponent(url.password)
  } catch {
    problems.push(`${name}: the user name or password is not valid percent-encoding`)
    return null
  }
  return url
}

/** The outbound proxy the environment names, or null; every problem is pushed, by name. */
export function readOutboundProxy(env: Env, problems: string[]): OutboundProxy | null {
  const read = (name: string) => {
    const value = (env[name] ?? env[name.toLowerCase()] ?? '').trim()
    return value === '' ? null : value
  }
  const httpsValue = read('HTTPS_PROXY')
  const httpValue = read('HTTP_PROXY')
  const noProxyValue = read('NO_PROXY')
  const entries = (noProxyValue ?? '').split(/[,\s]+/).filter((entry) => entry !== '')
  const bad = entries.filter((entry) => !NO_PROXY_ENTRY.test(entry))
  if (bad.length > 0) {
    problems.push(
      `NO_PROXY must list hosts or domains separated by commas (such as .example.com,10.0.0.1), got ${bad.map((entry) => `"${entry}"`).join(', ')}`,
    )
  }
  const https = httpsValue === null ? null : proxyUrl('HTTPS_PROXY', httpsValue, problems)
  const http = httpValue === null ? null : proxyUrl('HTTP_PROXY', httpValue, problems)
  // `*` sends everything directly, which is what no proxy at all does.
  if ((https === null && http === null) || entries.includes('*')) return null
  return { https, http, noProxy: [...LOOPBACK, ...entries].join(',') }
}

/** The proxies' passwords, as given and decoded: the log and the trace remove them. */
export function outboundProxySecrets(proxy: OutboundProxy | null): string[] {
  if (proxy === null) return []
  return [proxy.https, proxy.http].flatMap((url) =>
    url === null || url.password === '' ? [] : [url.password, decodeURIComponent(url.password)],
  )
}

/** For the start-up line: where calls go, without credentials. */
export function describeOutboundProxy(proxy: OutboundProxy): string {
  const via = (url: URL | null) =>
    url === null ? 'direct' : `through ${url.protocol}//${url.host}`
  return `https:// ${via(proxy.https ?? proxy.http)}, http:// ${via(proxy.http)}; always direct: ${proxy.noProxy}`
}

/**
 * undici's dispatcher for the service's calls: an Agent, or, with a proxy, undici's
 * EnvHttpProxyAgent given the parsed values (each unset one as '', so that it never reads the
 * environment behind this module's checks). Through a proxy every call is tunnelled (CONNECT),
 * so the proxy sees the service's host and port, never a token.
 */
export function createDispatcher(
  options: Agent.Options,
  proxy: OutboundProxy | null,
): Dispatcher & { destroy(): Promise<void> } {
  if (proxy === null) return new Agent(options)
  return new EnvHttpProxyAgent({
    ...options,
    httpsProxy: proxy.https?.href ?? '',
    httpProxy: proxy.http?.href ?? '',
    noProxy: proxy.noProxy,
  })
}
