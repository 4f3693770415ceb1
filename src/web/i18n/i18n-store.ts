/**
 * The current language, outside React so that plain functions (describe-api-error.ts and the
 * like) read the same one as components; components subscribe through use-messages.ts.
 */
import { chooseLocale, LOCALE_COOKIE, readCookie, type Locale } from './locale'
import type { Messages, Namespace } from './catalog'
import type { ZhCatalogs } from './zh'

let current: Locale = 'en'
let zh: ZhCatalogs | null = null
const listeners = new Set<() => void>()

/** The Chinese catalogs, one chunk loaded on first use (the first-load budget, bench/bundle.ts). */
function loadZh(): Promise<ZhCatalogs> {
  return import('./zh').then((module) => (zh = module.zhCatalogs))
}

export function currentLocale(): Locale {
  return current
}

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * The messages of a namespace in the current language. English is passed in by the caller (its
 * own module), so English never waits for anything.
 */
export function messagesOf<N extends Namespace>(namespace: N, en: Messages<N>): Messages<N> {
  return current === 'zh-CN' && zh !== null ? zh[namespace] : en
}

/** Switches language once its messages are here; `<html lang>` follows. */
export async function setLocale(locale: Locale, options: { remember: boolean }): Promise<void> {
  if (locale === 'zh-CN' && zh === null) await loadZh()
  current = locale
  document.documentElement.lang = locale
  if (options.remember) {
    // A year; SameSite=Lax like any preference cookie. Not HttpOnly: the page sets it.
    document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`
  }
  for (const listener of listeners) listener()
}

/** The language at start: the remembered choice, else the browser's preferred languages. */
export function initialLocale(): Locale {
  return chooseLocale(readCookie(document.cookie, LOCALE_COOKIE), navigator.languages)
}
