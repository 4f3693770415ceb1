/**
 * A path parameter's problem in the page's language: the protocol says which parameter, which
 * kind and which value (src/protocol/endpoint-path.ts `segmentIssue`), the common catalog says
 * it. The proxy's English errors keep `segmentProblem`.
 */
import { segmentIssue } from '../../protocol/endpoint-path'
import type { SegmentKind } from '../../protocol/endpoint-types'
import { messagesOf } from '../i18n/i18n-store'
import { commonMessages } from './messages'

/** Why `value` is not a valid path parameter `name` of `kind`, or null when it is. */
export function segmentProblemText(name: string, kind: SegmentKind, value: string): string | null {
  const issue = segmentIssue(name, kind, value)
  if (issue === null) return null
  return messagesOf('common', commonMessages).pathParam[issue.kind]({
    name: issue.name,
    value: issue.value,
  })
}
