/**
 * The page's static shell in the visitor's language (docs/decisions/0009-i18n.md): index.html
 * paints the layout in English before any script runs; a zh-CN visitor gets the same page with
 * the Chinese shell (public/shell.zh-CN.html: its title, description and #root, checked against
 * React's first render in Chinese by bench/static-shell.test.tsx) and `<html lang="zh-CN">`,
 * so nothing flashes English first. No inline script is added: the CSP stays as it is.
 */
import {
  chooseLocale,
  LOCALE_COOKIE,
  preferredLanguages,
  readCookie,
  type Locale,
} from '../../protocol/locale'

function part(source: string, pattern: RegExp, what: string): string {
  const match = pattern.exec(source)
  if (match?.[0] === undefined) throw new Error(`The Chinese shell has no ${what}`)
  return match[0]
}

const TITLE = /<title>[^<]*<\/title>/
const DESCRIPTION = /<meta\s+name="description"[^>]*>/
// In index.html #root runs to the last </div> before </body> (the build moves the script into
// <head>) or its <script>; in the Chinese shell, to the file's last </div>.
const ROOT = /<div id="root">[\s\S]*<\/div>(?=\s*(?:<script|<\/body>))/
const SHELL_ROOT = /<div id="root">[\s\S]*<\/div>/

/** The English page with the Chinese shell's title, description and #root in place of its own. */
export function localizeShell(englishHtml: string, chineseShell: string): string {
  const replacements: [RegExp, string][] = [
    [/<html lang="en">/, '<html lang="zh-CN">'],
    [TITLE, part(chineseShell, TITLE, '<title>')],
    [DESCRIPTION, part(chineseShell, DESCRIPTION, 'meta description')],
    [ROOT, part(chineseShell, SHELL_ROOT, '#root')],
  ]
  return replacements.reduce((html, [pattern, replacement]) => {
    if (!pattern.test(html)) throw new Error(`index.html has no ${pattern.source}`)
    return html.replace(pattern, () => replacement)
  }, englishHtml)
}

/** The shell's language for a request: the switcher's cookie, else Accept-Language. */
export function shellLocale(headers: {
  cookie?: string | undefined
  acceptLanguage?: string | undefined
}): Locale {
  return chooseLocale(
    readCookie(headers.cookie ?? '', LOCALE_COOKIE),
    preferredLanguages(headers.acceptLanguage),
  )
}
