/**
 * The current language, outside React so that plain functions (describe-api-error.ts and the
 * like) read the same one as components; components subscribe through use-messages.ts.
 */
import { chooseLocale, LOCALE_COOKIE, readCookie, type Locale } from './locale'
import type { Messages, Namespace } from './catalog'
import type { ZhLabCatalogs } from './lab.zh'
import type { ZhCatalogs } from './zh'

let current: Locale = 'en'
let zh: ZhCatalogs | null = null
/** The flow lab's Chinese (lab.zh.ts), and whether its page has asked for it. */
let zhLab: ZhLabCatalogs | null = null
let isLabOpened = false
const listeners = new Set<() => void>()

/** The Chinese catalogs, one chunk loaded on first use (the first-load budget, bench/bundle.ts). */
function loadZh(): Promise<ZhCatalogs> {
  return import('./zh').then((module) => (zh = module.zhCatalogs))
}

function loadZhLab(): Promise<ZhLabCatalogs> {
  return import('./lab.zh').then((module) => (zhLab = module.zhLabCatalogs))
}

/**
 * Before the flow lab's page draws (app-router.tsx): its Chinese, when Chinese is the language;
 * from then on, a switch to Chinese loads it too.
 */
export async function loadLabMessages(): Promise<void> {
  isLabOpened = true
  if (current === 'zh-CN' && zhLab === null) await loadZhLab()
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
  if (current !== 'zh-CN') return en
  const catalogs = (namespace in (zh ?? {}) ? zh : zhLab) as Record<N, Messages<N>> | null
  return catalogs?.[namespace] ?? en
}

/** Switches language once its messages are here; `<html lang>` follows. */
export async function setLocale(locale: Locale, options: { remember: boolean }): Promise<void> {
  if (locale === 'zh-CN' && zh === null) await loadZh()
  // Asked for by the lab's page meanwhile, or before (loadLabMessages).
  if (locale === 'zh-CN' && isLabOpened && zhLab === null) await loadZhLab()
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
