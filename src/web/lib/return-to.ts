/**
 * `returnTo` may only name a path of this app (an open redirect otherwise). Accepted: a path that
 * starts with exactly one `/`, with no backslash or control character, that stays on this origin
 * after URL resolution, also once percent-decoded (`/%2F%2Fevil.test` is refused).
 * The proxy checks it too; this is the browser's own check, before sending and after the exchange.
 */
const PLACEHOLDER_ORIGIN = 'https://app.invalid'
const MAX_LENGTH = 2048
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/

function isPlainPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false
  if (value.includes('\\') || CONTROL_CHARACTERS.test(value)) return false
  return true
}

export function safeReturnTo(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value.length > MAX_LENGTH) return null
  let decoded = value
  // Look through up to three layers of percent-encoding: each must still be a plain path.
  for (let layer = 0; layer < 3; layer++) {
    if (!isPlainPath(decoded)) return null
    let next: string
    try {
      next = decodeURIComponent(decoded)
    } catch {
      return null
    }
    if (next === decoded) break
    decoded = next
  }
  if (!isPlainPath(decoded)) return null
  let url: URL
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN)
  } catch {
    return null
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null
  // Landing back on the callback would find nothing to do.
  if (url.pathname === '/callback' || url.pathname.startsWith('/callback/')) return null
  return `${url.pathname}${url.search}${url.hash}`
}
