/** The language rules, shared with the server that sends the page's shell (src/protocol/locale.ts). */
export {
  chooseLocale,
  LOCALE_COOKIE,
  readCookie,
  toLocale,
  type Locale,
} from '../../protocol/locale'
