/**
 * The checks the lab's answers list, in words, by the id the proxy gives each
 * (src/protocol/lab-api.ts LabCheck; the callback's are src/proxy/lab/callback-checks.ts). An id
 * without words here is shown as it came (checkLabel): the lab's other checks get theirs as they
 * are added. The Chinese is check-words.zh.ts.
 */

export const CHECK_WORDS_EN = {
  'params-once': 'Each of code, state and error came back once at most',
  'no-error': 'The service returned no error',
  'state-sent': 'The request carried a state',
  'state-returned': 'The return brought the state back',
  'state-matches': 'The state that came back is the one sent',
  'code-returned': 'The return carried a code',
  'pkce-verifier': 'The exchange sends a PKCE verifier',
}

export type CheckWords = Readonly<Record<keyof typeof CHECK_WORDS_EN, string>>

/** The check's words, or its id when there are none (never nothing). */
export function checkLabel(words: CheckWords, id: string): string {
  return Object.hasOwn(words, id) ? words[id as keyof CheckWords] : id
}
