/**
 * The one guard for `returnTo` (RFC 9700 §4.11.1, docs/security.md#b6: no open redirector), used by
 * the proxy when a login starts and by the web app before sending and after the exchange.
 *
 * It normalises first and checks the result, never the input alone: dot segments, percent
 * encodings (up to three layers) and slashes are resolved the way a browser will resolve them,
 * and only then must the path start with exactly one `/` that is not followed by `/` or `\`.
 * So `/a/..//evil.test` (which a browser turns into `//evil.test`) is refused like `//evil.test`.
 * `return-to-cases.ts` is the one table of cases that the proxy's and the web app's tests run.
 */
const PLACEHOLDER_ORIGIN = 'https://app.invalid'
export const MAX_RETURN_TO_LENGTH = 2048
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/
const DECODE_LAYERS = 3

/** Exactly one leading `/`, then neither `/` nor `\`; no backslash or control character at all. */
function isSameOriginPath(value: string): boolean {
  return (
    value.startsWith('/') &&
    value[1] !== '/' &&
    !value.includes('\\') &&
    !CONTROL_CHARACTERS.test(value)
  )
}

/** Resolves dot segments as a browser would; null when it leaves the origin or cannot parse. */
function normalise(value: string): string | null {
  let url: URL
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN)
  } catch {
    return null
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** The path to land on after login, or null when `value` is not a same-origin path of this app. */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value.length > MAX_RETURN_TO_LENGTH) return null
  if (!isSameOriginPath(value)) return null
  const normalised = normalise(value)
  if (normalised === null || !isSameOriginPath(normalised)) return null
  // Every decoded layer must be a same-origin path once normalised too: a later decoder (a
  // server, a router) must not find `//evil.test` or `/\evil.test` inside.
  let layer = normalised
  const layers = [normalised]
  for (let i = 0; i < DECODE_LAYERS; i++) {
    let decoded: string
    try {
      decoded = decodeURIComponent(layer)
    } catch {
      return null
    }
    if (decoded === layer) break
    const again = normalise(decoded)
    if (!isSameOriginPath(decoded) || again === null || !isSameOriginPath(again)) return null
    layer = decoded
    layers.push(again)
  }
  // Landing back on the callback would start a second exchange attempt, in whatever form a
  // later reader would take for it (docs/security.md#s9).
  if (layers.some(isCallback)) return null
  return normalised
}

/**
 * Whether a normalised same-origin path is the callback route as the router matches it: case
 * does not matter, and an escape of an unreserved character is that character (RFC 3986
 * §6.2.2.1, §6.2.2.2): `/Callback` and `/%63allback` are both the callback.
 */
function isCallback(value: string): boolean {
  const { pathname } = new URL(value, PLACEHOLDER_ORIGIN)
  const path = pathname
    .replace(/%([0-9a-f]{2})/gi, (escape: string, hex: string) => {
      const char = String.fromCharCode(parseInt(hex, 16))
      return /[A-Za-z0-9\-._~]/.test(char) ? char : escape
    })
    .toLowerCase()
  return path === '/callback' || path.startsWith('/callback/')
}
