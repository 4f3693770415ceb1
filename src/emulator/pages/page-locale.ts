/**
 * The language of the emulator's pages: `?lang=` (the page's language link) or a form's `lang`
 * field when the user chose one, else the browser's `Accept-Language` (RFC 9110 §12.5.4);
 * Chinese for any `zh`, English otherwise. A chosen language is carried on by every form and
 * redirect of the browser flow, so sign-in → consent stays in it.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { chooseLocale, preferredLanguages, toLocale, type Locale } from '../../protocol/locale'
import type { EmulatorEnv } from '../context'
import { emulatorMessages, type EmulatorMessages, type ErrorText } from './messages'
import { emulatorMessagesZh } from './messages.zh'

export type PageLocale = Locale

/** A `lang` value the pages know, or null (anything else is ignored, never an error). */
export const parseLang = toLocale

/** The first known language of an Accept-Language header, by weight; English when none. */
export function localeFromAcceptLanguage(header: string | undefined): PageLocale {
  return chooseLocale(null, preferredLanguages(header))
}

/** Sets the request's page language, once, before any handler runs (forms may refine it). */
export function setPageLocale(): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    const chosen = parseLang(c.req.query('lang'))
    c.set('chosenLang', chosen)
    c.set('locale', chosen ?? localeFromAcceptLanguage(c.req.header('Accept-Language')))
    await next()
  }
}

/** A form's `lang` field, when the page it came from was in a chosen language. */
export function chooseLangFromForm(c: Context<EmulatorEnv>, form: URLSearchParams): void {
  const chosen = parseLang(form.get('lang'))
  if (chosen === null) return
  c.set('chosenLang', chosen)
  c.set('locale', chosen)
}

export function messagesFor(locale: PageLocale): EmulatorMessages {
  return locale === 'zh-CN' ? emulatorMessagesZh : emulatorMessages
}

/** The request's messages and the language to carry on (null: follow the browser). */
export function pageTextOf(c: Context<EmulatorEnv>): {
  m: EmulatorMessages
  locale: PageLocale
  chosen: PageLocale | null
} {
  const locale = c.get('locale')
  return { m: messagesFor(locale), locale, chosen: c.get('chosenLang') }
}

/** A path with `lang` set (or replaced), for the language link and the flow's redirects. */
export function withLang(path: string, lang: PageLocale | null): string {
  if (lang === null) return path
  // Read as a path of this origin: a leading `//` would name another host (RFC 3986 §4.2), and
  // `new URL('//', base)` throws (found by src/emulator/fuzz.test.ts with GET `//?`).
  const url = new URL(`http://emulator.invalid/${path.replace(/^\/+/, '')}`)
  url.searchParams.set('lang', lang)
  return `${url.pathname}${url.search}`
}

/** Picks an error text from a catalog: the English one now, the page's language when rendered. */
export type ErrorPick = (m: EmulatorMessages) => ErrorText

export function englishOf(pick: ErrorPick): ErrorText {
  return pick(emulatorMessages)
}
