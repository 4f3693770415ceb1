/**
 * Each scenario of the lab in words (src/protocol/lab-api.ts LAB_SCENARIO_IDS): its title and the
 * one thing it changes; what an app should do about it is scenario-advice.ts, shown with a
 * result. The Chinese is scenario-words.zh.ts; words.test.ts checks every scenario in both.
 */
import type { LabScenarioId } from '../../protocol/lab-api'

export interface ScenarioWords {
  title: string
  /** One line: what this run does differently from a correct flow. */
  change: string
}

export const SCENARIO_WORDS_EN: Record<LabScenarioId, ScenarioWords> = {
  'consent-denied': {
    title: 'The user clicks Deny',
    change:
      'The user declines at the consent page: the service returns error=access_denied, no code.',
  },
  'state-tampered': {
    title: 'The state comes back changed',
    change: 'The return carries a state other than the one sent (a forged or mixed-up callback).',
  },
  'state-missing': {
    title: 'The request carries no state',
    change:
      'The authorize request has no state: its return cannot be tied to this browser (login CSRF).',
  },
  'code-reused': {
    title: 'The code is exchanged twice',
    change: 'The same code goes to the token endpoint a second time.',
  },
  'code-expired': {
    title: 'The code has expired',
    change: 'The code is exchanged after its lifetime (the emulator’s clock moved forward).',
  },
  'redirect-uri-authorize': {
    title: 'An unregistered redirect_uri (authorize)',
    change: 'The authorize request’s redirect_uri is one character off the registered one.',
  },
  'redirect-uri-token': {
    title: 'Another redirect_uri at the exchange',
    change: 'The exchange sends another redirect_uri than the authorize request.',
  },
  'pkce-verifier-wrong': {
    title: 'The wrong PKCE verifier',
    change: 'The exchange’s code_verifier does not match the code_challenge.',
  },
  'client-secret-wrong': {
    title: 'The wrong client secret',
    change: 'The exchange sends a client secret the service does not have.',
  },
  'scope-missing': {
    title: 'A scope the token lacks',
    change: 'An API call needs a scope the token lacks: the service refuses it.',
  },
  'rate-limited': {
    title: 'The rate limit is reached',
    change: 'The service answers 429, with Retry-After.',
  },
  'token-revoked': {
    title: 'The token is revoked',
    change: 'The user revokes the app at the service; the next API call answers 401.',
  },
  'token-endpoint-5xx': {
    title: 'The token endpoint fails (5xx)',
    change: 'The token endpoint answers the exchange with a server error (5xx).',
  },
  'token-endpoint-timeout': {
    title: 'The token endpoint answers too late',
    change: 'The token endpoint answers after the client’s time-out.',
  },
  'token-endpoint-dropped': {
    title: 'The connection drops',
    change: 'The token endpoint closes the connection without an answer.',
  },
  'error-in-200': {
    title: 'An error inside a 200',
    change: 'The token endpoint answers HTTP 200 with an error in the body.',
  },
  'client-code-pending': {
    title: 'Polling before the user approves',
    change: 'The client polls before the user has approved (client-code flow).',
  },
  'client-code-denied': {
    title: 'The user denies (client code)',
    change: 'The user clicks Deny on the service’s page; the next poll learns of it.',
  },
  'client-code-expired': {
    title: 'The client code expires',
    change: 'Nobody approves before the code runs out.',
  },
  'client-code-bad-signature': {
    title: 'A wrong signature',
    change: 'The signed authorize request carries a sign the service cannot verify.',
  },
  'client-code-too-fast': {
    title: 'Polling too fast',
    change: 'The client polls the token endpoint faster than every 3 seconds.',
  },
  'no-user-agent': {
    title: 'No User-Agent header',
    change: 'A call to the service has no User-Agent header.',
  },
}
