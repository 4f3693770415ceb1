/**
 * The app's two languages and how the first one is chosen (docs/decisions/0009-i18n.md), the
 * same in the browser (src/web/i18n) and on the server that sends the page's shell in it
 * (src/proxy/shell/web-app.ts).
 *
 * English is in every bundle; Chinese loads when chosen (i18n-store.ts). The choice is
 * remembered in a cookie rather than localStorage so that the server can serve the page in the
 * same language before any script runs; it holds a language tag, nothing secret.
 */
export const LOCALES = ['en', 'zh-CN'] as const
export type Locale = (typeof LOCALES)[number]

export const DEFAULT_LOCALE: Locale = 'en'

/** The cookie that remembers the switcher's choice (read by the server for the shell too). */
export const LOCALE_COOKIE = 'playground_lang'

/** A remembered or requested tag, mapped onto ours: any zh (zh, zh-CN, zh-Hans-CN, zh-TW) is zh-CN. */
export function toLocale(tag: string | null | undefined): Locale | null {
  if (tag == null) return null
  const lower = tag.trim().toLowerCase()
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN'
  if (lower === 'en' || lower.startsWith('en-')) return 'en'
  return null
}

/**
 * The remembered choice wins; otherwise the first of the reader's preferred languages that we
 * have (navigator.languages in the browser, Accept-Language on the server); otherwise English.
 */
export function chooseLocale(remembered: string | null, preferred: readonly string[]): Locale {
  const fromCookie = toLocale(remembered)
  if (fromCookie !== null) return fromCookie
  for (const tag of preferred) {
    const locale = toLocale(tag)
    if (locale !== null) return locale
  }
  return DEFAULT_LOCALE
}

/** The value of one cookie in a Cookie header or document.cookie, or null. */
export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=')
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return null
}

/**
 * An Accept-Language header's tags, most preferred first (RFC 9110 §12.5.4): weights sort them,
 * ties keep the header's order, `q=0` means "not this one". Malformed weights count as 1.
 */
export function preferredLanguages(header: string | null | undefined): string[] {
  if (header == null) return []
  const ranked = header.split(',').flatMap((part, index) => {
    const [tag = '', ...params] = part.split(';').map((piece) => piece.trim())
    if (tag === '' || tag === '*') return []
    const weight = params.find((param) => param.startsWith('q='))
    const q = weight === undefined ? 1 : Number(weight.slice(2))
    const quality = Number.isFinite(q) ? q : 1
    return quality > 0 ? [{ tag, quality, index }] : []
  })
  ranked.sort((a, b) => b.quality - a.quality || a.index - b.index)
  return ranked.map((entry) => entry.tag)
}
