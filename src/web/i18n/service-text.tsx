/**
 * Text that comes from the service (names, descriptions, titles) in the language it is written
 * in, not the page's: Chinese text is marked `lang="zh-CN"` so that 王小明 gets Simplified
 * Chinese glyph forms (with the CJK family of base.css) even on an English page, where a
 * browser would otherwise pick Japanese forms on Linux (WCAG 3.1.2, Language of Parts).
 */
const HAN = /\p{Script=Han}/u

/** The language of a piece of service text we can tell: Chinese if it has Han characters. */
export function serviceTextLang(text: string): 'zh-CN' | undefined {
  return HAN.test(text) ? 'zh-CN' : undefined
}

export function ServiceText({ text, className }: { text: string; className?: string }) {
  return (
    <span lang={serviceTextLang(text)} className={className}>
      {text}
    </span>
  )
}
