/** The language rules, shared with the server that sends the page's shell (src/protocol/locale.ts). */
export {
  chooseLocale,
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALES,
  readCookie,
  toLocale,
  type Locale,
} from '../../protocol/locale'
