/**
 * English left on a Chinese screen (e2e/zh-screens.spec.ts): every word of two or more ASCII
 * letters in what a reader sees or a screen reader says (text, aria-label, aria-valuetext,
 * title, placeholder, alt, a button's value, the document's title) that the allow list
 * (zh-allow-list.ts) does not name. Text in <code>, <kbd>, <pre>, `.mono` and lang="en"
 * elements is skipped: it is marked as code or as English on purpose; a ‹placeholder› inside
 * code is not (it is words standing in for a value).
 */
import { expect, type Page } from '@playwright/test'
import { ALLOWED_PHRASES, ALLOWED_TOKENS } from './zh-allow-list'

export interface EnglishFinding {
  /** Where it was read: `text`, `title`, `aria-label`, … */
  where: string
  /** The words found, as written. */
  words: string[]
  /** The text they were found in, cut to 160 characters. */
  text: string
}

interface ScreenText {
  where: string
  text: string
}

/** Runs in the page: the texts to check, with where each was read. */
function collectScreenText(): ScreenText[] {
  const SKIPPED = 'code, kbd, pre, .mono, [lang="en"], script, style, noscript, template'
  const ATTRIBUTES = ['aria-label', 'aria-valuetext', 'aria-roledescription', 'title']
  const out: { where: string; text: string }[] = [{ where: 'document title', text: document.title }]
  const isShown = (element: Element) =>
    element.checkVisibility({ visibilityProperty: true, opacityProperty: false })
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const parent = node.parentElement
    const text = node.textContent ?? ''
    if (parent === null || text.trim() === '' || !isShown(parent)) continue
    if (parent.closest(SKIPPED) === null) {
      out.push({ where: `text in <${parent.localName}>`, text })
    } else if (parent.closest('script, style, [lang="en"]') === null) {
      // A ‹placeholder› inside code is words standing for a value: prose, in the page's language.
      for (const placeholder of text.match(/‹[^›]*›/g) ?? []) {
        out.push({ where: `placeholder in <${parent.localName}>`, text: placeholder })
      }
    }
  }
  for (const element of document.body.querySelectorAll('*')) {
    if (element.closest(SKIPPED) !== null) continue
    const names = [...ATTRIBUTES]
    if (element.matches('input, textarea')) names.push('placeholder')
    if (element.matches('img, area, input[type="image"]')) names.push('alt')
    if (element.matches('input[type="submit"], input[type="button"], input[type="reset"]')) {
      names.push('value')
    }
    for (const name of names) {
      const value = element.getAttribute(name)
      if (value !== null && value.trim() !== '') {
        out.push({ where: `${name} of <${element.localName}>`, text: value })
      }
    }
  }
  return out
}

/**
 * A word: letters with the joints an identifier or a path has (`client_id`, `repo:read`,
 * `X-RateLimit`, `data.message`), checked whole against the allow list; it is English when it
 * holds a run of two or more ASCII letters.
 */
const WORD = /[A-Za-z0-9]+(?:[-_.:][A-Za-z0-9]+)*/g
const LETTERS = /[A-Za-z]{2,}/
/** Addresses are data, not words: a URL, and a path (`/auth/start`, `/callback?code&state`). */
const ADDRESS = /\bhttps?:\/\/[^\s，。；）」”]+|(?<![\w.])\/[\w\-./{}?&=:]*[\w}]/g

function withoutAllowedPhrases(text: string): string {
  let rest = text.replace(ADDRESS, ' ')
  for (const phrase of ALLOWED_PHRASES) {
    rest = typeof phrase === 'string' ? rest.split(phrase).join(' ') : rest.replace(phrase, ' ')
  }
  return rest
}

/** Allowed whole (`client_id`) or piece by piece (`repo:read`, `doc`, `read`). */
function isAllowed(word: string): boolean {
  const allowed = (piece: string) => !LETTERS.test(piece) || ALLOWED_TOKENS.has(piece.toLowerCase())
  return allowed(word) || word.split(/[-_.:]/).every(allowed)
}

export function englishWords(text: string): string[] {
  const words = withoutAllowedPhrases(text).match(WORD) ?? []
  return words.filter((word) => !isAllowed(word))
}

/**
 * Fails (softly, so that one run lists every screen's findings) when `page` shows English a
 * reader of the Chinese page was left with; `screen` names it in the report.
 */
export async function expectNoEnglish(
  page: Page,
  screen: string,
  /** What the test itself typed or made up (a login looked up, a state sent): the user's data. */
  typed: readonly string[] = [],
): Promise<void> {
  await expect
    .soft(page.locator('html'), `${screen}: the page is in Chinese`)
    .toHaveAttribute('lang', 'zh-CN')
  const findings = await englishOnScreen(page, typed)
  const report = findings.map((f) => `${f.words.join(', ')}  ←  ${f.where}: "${f.text}"`)
  expect.soft(report, `${screen}: English on the Chinese screen`).toEqual([])
}

/** Every text on the page with English in it, after the allow list. */
export async function englishOnScreen(
  page: Page,
  typed: readonly string[] = [],
): Promise<EnglishFinding[]> {
  const texts = await page.evaluate(collectScreenText)
  const findings: EnglishFinding[] = []
  for (const { where, text } of texts) {
    const words = englishWords(typed.reduce((rest, data) => rest.split(data).join(' '), text))
    if (words.length > 0) findings.push({ where, words, text: text.trim().slice(0, 160) })
  }
  return findings
}
