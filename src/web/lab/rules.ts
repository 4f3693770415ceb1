/**
 * A rule as the lab's answers cite it (`RFC 6749 §4.1.2.1`, `RFC 9700 §2.1.1`, `RFC 7636`,
 * `docs/service.md#…`): where to read it. An RFC goes to its text at the RFC Editor, at the
 * section's anchor; anything else is shown as written. Pure: rules.test.ts.
 */

const RFC = /^RFC\s?(\d{3,5})(?:\s*§\s*(\d+(?:\.\d+)*))?$/

export function ruleHref(rule: string): string | null {
  const match = RFC.exec(rule.trim())
  if (match === null) return null
  const [, number, section] = match
  const page = `https://www.rfc-editor.org/rfc/rfc${number}`
  return section === undefined ? page : `${page}#section-${section}`
}
