/**
 * axe-core on the page as it stands, through @axe-core/playwright: WCAG 2.0 to 2.2 A and AA plus
 * axe's best practices, zero violations allowed. A failure lists each rule's id, its help text
 * and the elements it found, so the report says what to fix without opening a trace.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect } from './fixtures'

/**
 * The rule sets checked: WCAG 2.2 A/AA (2.0's and 2.1's tags, and 2.2's own) and axe's best
 * practices. The axe-core that @axe-core/playwright runs (4.13) tags no rule `wcag22a`; its one
 * `wcag22aa` rule is target-size (WCAG 2.5.8, Target Size (Minimum): 24 by 24 CSS px, or that
 * much room around).
 */
export const AXE_TAGS = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'wcag22aa',
  'best-practice',
] as const

interface AxeViolation {
  id: string
  impact?: string | null
  help: string
  helpUrl: string
  nodes: { target: unknown[]; failureSummary?: string }[]
}

/** One violation as lines: rule, impact, help, then each element with what axe says is wrong. */
export function describeViolation(violation: AxeViolation): string {
  const nodes = violation.nodes.map((node) => {
    const target = node.target.map((part) => JSON.stringify(part)).join(' ')
    const summary = (node.failureSummary ?? '').replace(/\s+/g, ' ').trim()
    return `    - ${target}${summary === '' ? '' : `: ${summary}`}`
  })
  return [
    `  ${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}`,
    `    ${violation.helpUrl}`,
    ...nodes,
  ].join('\n')
}

export interface AxeCheckOptions {
  /** Where on the page to look (a CSS selector); the whole document by default. */
  include?: string
  /**
   * Report and carry on (`expect.soft`), so that one run lists every screen's violations; the
   * test still fails at its end.
   */
  soft?: boolean
}

/**
 * Runs axe on what `page` shows now and expects no violation. `screen` names the screen in the
 * failure message (with the language and colour scheme the page was opened with).
 */
export async function expectNoAxeViolations(
  page: Page,
  screen: string,
  options: AxeCheckOptions = {},
): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags([...AXE_TAGS])
  if (options.include !== undefined) builder = builder.include(options.include)
  const results = await builder.analyze()
  const violations = results.violations as AxeViolation[]
  const where = await page.evaluate(() => ({
    lang: document.documentElement.lang,
    dark: window.matchMedia('(prefers-color-scheme: dark)').matches,
    width: window.innerWidth,
  }))
  const label = `${screen} [lang=${where.lang}, ${where.dark ? 'dark' : 'light'}, ${where.width}px, ${page.url()}]`
  const message = `axe violations on ${label}:\n${violations.map(describeViolation).join('\n')}`
  const check = options.soft === true ? expect.soft : expect
  check(
    violations.map((violation) => violation.id),
    message,
  ).toEqual([])
}
