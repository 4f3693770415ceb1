/**
 * What a client-code poll's answer at the token endpoint means (docs/service.md#client-code-polling),
 * and how the flow inspector words it; client-code-routes.ts polls.
 */
import { CODE_INVALID_DESCRIPTION } from '../../protocol/client-code'
import type { TokenAnswer } from './oauth'

type PollOutcome = 'approved' | 'pending' | 'denied' | 'failed'

/** What a poll's answer means; only a valid bearer token response is an approval. */
export function classifyPoll(answer: TokenAnswer): PollOutcome {
  if (answer.kind === 'token') return 'approved'
  if (answer.kind !== 'oauth-error' || answer.status !== 400) return 'failed'
  if (answer.error.error === 'access_denied') return 'denied'
  return answer.error.error === 'invalid_request' &&
    answer.error.error_description === CODE_INVALID_DESCRIPTION
    ? 'pending'
    : 'failed'
}

export const POLL_NOTES = {
  approved:
    'Approved: the service answered the token; the proxy sealed it into the session cookie.',
  pending:
    'Not approved yet: the service answers HTTP 400 "authorization code is invalid" until the user approves.',
  denied: 'The user denied access: polling stops.',
  failed: 'An answer polling cannot fix: the attempt ends.',
} as const
