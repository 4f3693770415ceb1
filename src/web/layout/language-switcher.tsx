import { setLocale } from '../i18n/i18n-store'
import { useLocale, useMessages } from '../i18n/use-messages'
import { appMessages } from './messages'

/**
 * 中文 / English: names the other language in that language, marked with its lang (WCAG 3.1.2),
 * and remembers the choice in the cookie the server reads to send the page's shell in it.
 */
export function LanguageSwitcher() {
  const m = useMessages('app', appMessages)
  const locale = useLocale()
  const other = locale === 'zh-CN' ? 'en' : 'zh-CN'
  return (
    <button
      type="button"
      className="btn btn-small lang-switch"
      lang={other}
      title={m.switchToLabel}
      onClick={() => void setLocale(other, { remember: true })}
    >
      {m.switchTo}
    </button>
  )
}
