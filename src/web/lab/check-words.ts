/**
 * The checks the lab's answers list, in words, by the id the proxy gives each
 * (src/protocol/lab-api.ts LabCheck; the callback's are src/proxy/lab/callback-checks.ts). An id
 * without words here is shown as it came (checkLabel). The Chinese is check-words.zh.ts.
 */

export const CHECK_WORDS_EN = {
  'params-once': 'Each of code, state and error came back once at most',
  'no-error': 'The service returned no error',
  'state-sent': 'The request carried a state',
  'state-returned': 'The return brought the state back',
  'state-matches': 'The state that came back is the one sent',
  'code-returned': 'The return carried a code',
  'pkce-verifier': 'The exchange sends a PKCE verifier',
  // The scenarios' own (src/proxy/lab/scenarios-*.ts).
  'no-token-request': 'After refusing the return, the client sent no token request',
  'redirect-uri-exact': 'A redirect_uri one character off was refused',
  'no-redirect': 'The service showed an error page and sent the browser nowhere',
  'token-issued': 'The first exchange gave a bearer token',
  'token-refused': 'The token endpoint refused the changed request with the expected error',
  'replayed-token-revoked': 'After the code was replayed, the first token is refused (401)',
  'scope-refused': 'The call without the scope was refused with this profile’s status',
  'scope-not-dead-token':
    'The same token still reads /user: the 401 is about the scope, not a dead token',
  'incremental-grant': 'After asking again for the scope, the same call succeeds',
  'rate-limited': 'The call was answered 429 Too Many Requests',
  'retry-after':
    'Retry-After is there or not as the profile says, and the client backs off accordingly',
  'api-ok': 'The call succeeded before the revocation',
  'revoked-refused': 'After the revocation the same call is refused (401)',
  'service-failed': 'The token endpoint answered with a server error (5xx)',
  'timed-out': 'The client gave up at its time-out',
  'connection-closed': 'The connection closed without an answer',
  'no-retry': 'The code was sent to the token endpoint exactly once',
  'not-a-token': 'A 200 without a bearer token was not taken for a token',
  'poll-pending': 'The poll reads as still pending',
  'poll-pending-again': 'The next poll reads as still pending too',
  'poll-denied': 'The poll reads as denied',
  'code-expired': 'No token for the client code after 10 minutes',
  'signature-refused': 'A wrong signature got an error page',
  'poll-interval': 'Polls are at least 3 s apart',
  'user-agent-required': 'A call without User-Agent was refused (403)',
}

export type CheckWords = Readonly<Record<keyof typeof CHECK_WORDS_EN, string>>

/** The check's words, or its id when there are none (never nothing). */
export function checkLabel(words: CheckWords, id: string): string {
  return Object.hasOwn(words, id) ? words[id as keyof CheckWords] : id
}
