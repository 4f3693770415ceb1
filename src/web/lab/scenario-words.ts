/**
 * Each scenario of the lab in words (src/protocol/lab-api.ts LAB_SCENARIO_IDS): its title, the one
 * thing it changes, and what an app should do when it happens to it, concretely. The Chinese is
 * scenario-words.zh.ts; scenario-words.test.ts checks that every scenario has all three in both.
 * The facts of the service are docs/service.md's.
 */
import type { LabScenarioId } from '../../protocol/lab-api'

export interface ScenarioWords {
  title: string
  /** One line: what this run does differently from a correct flow. */
  change: string
  /** Two or three sentences: what the app should do about it. */
  advice: string
}

export const SCENARIO_WORDS_EN: Record<LabScenarioId, ScenarioWords> = {
  'consent-denied': {
    title: 'The user clicks Deny',
    change:
      'The user declines at the consent page: the service returns error=access_denied, no code.',
    advice:
      'Take access_denied as the user’s choice, not a fault: say that nothing was connected and offer to start again. Check state on an error response too, and exchange nothing.',
  },
  'state-tampered': {
    title: 'The state comes back changed',
    change:
      'The return carries a state other than the one the client sent (a forged or mixed-up callback).',
    advice:
      'Compare the returned state with the one you stored for this browser, in constant time, before anything else. On a mismatch, stop: exchange nothing and start the login again. A state is single-use: spend it on the first return.',
  },
  'state-missing': {
    title: 'The request carries no state',
    change:
      'The authorize request is sent without state, so its return cannot be tied to this browser (login CSRF).',
    advice:
      'Send a fresh, unguessable state (128 random bits or more) bound to the user’s browser with every login, and refuse a return without it. Yuque documents no PKCE: state is your defence against CSRF.',
  },
  'code-reused': {
    title: 'The code is exchanged twice',
    change: 'The client sends the same authorization code to the token endpoint a second time.',
    advice:
      'Exchange a code once, never retry the exchange on a timeout; if the token endpoint says invalid_grant, start the login again. The service revokes the token the first exchange gave: drop it.',
  },
  'code-expired': {
    title: 'The code has expired',
    change: 'The code is exchanged after its lifetime (the emulator’s clock is moved forward).',
    advice:
      'Exchange the code as soon as the browser comes back: it lives minutes at most (RFC 6749 §4.1.2 recommends 10 minutes as the maximum). On invalid_grant, start the login again rather than retrying.',
  },
  'redirect-uri-authorize': {
    title: 'An unregistered redirect_uri (authorize)',
    change: 'The authorize request names the registered redirect URI with one character changed.',
    advice:
      'Send the redirect URI exactly as registered: scheme, host, port, path and trailing slash. The service shows an error page and never redirects to an address it does not know, so your app hears nothing: check the URI whenever you deploy.',
  },
  'redirect-uri-token': {
    title: 'Another redirect_uri at the exchange',
    change: 'The code exchange sends a redirect_uri other than the authorize request’s.',
    advice:
      'Send the token endpoint the redirect_uri you sent the authorize endpoint: read both from one setting. The service refuses the code with invalid_grant; start the login again.',
  },
  'pkce-verifier-wrong': {
    title: 'The wrong PKCE verifier',
    change:
      'The exchange sends a code_verifier that does not match the authorize request’s challenge.',
    advice:
      'Keep the verifier with the login it belongs to, on your server and for one use, and send that one with the exchange. A refusal (invalid_grant) means this login cannot finish: start again with a new verifier.',
  },
  'client-secret-wrong': {
    title: 'The wrong client secret',
    change:
      'The exchange authenticates with a client secret the service does not have for this app.',
    advice:
      'invalid_client is your configuration, not the user’s doing: log it for the operator, tell the user that signing in is broken for now, and do not retry. Compare the secret with the app’s settings at Yuque, and replace it there if it leaked.',
  },
  'scope-missing': {
    title: 'A scope the token lacks',
    change: 'An API call needs a scope the token was not granted: the service refuses it.',
    advice:
      'Ask for the scopes your features need. A refusal for a scope is 403, or 401 on the real service (with X-Accepted-OAuth-Scopes when it says which): keep the token, and send the user through the login again with the missing scope added.',
  },
  'rate-limited': {
    title: 'The rate limit is reached',
    change: 'The service answers 429, with Retry-After.',
    advice:
      'Wait as long as Retry-After says before the next call, and never retry in a loop. Watch X-RateLimit-Remaining to slow down before the limit.',
  },
  'token-revoked': {
    title: 'The token is revoked',
    change: 'The user revokes the app at the service; the next API call answers 401.',
    advice:
      'There is no refresh token: a 401 that is not about a scope means the token is dead. Drop it and the session built on it, ask the user to connect again, and do not retry with the same token.',
  },
  'token-endpoint-5xx': {
    title: 'The token endpoint fails (5xx)',
    change: 'The token endpoint answers the exchange with 500.',
    advice:
      'Tell the user the service failed and let them start the login again; never resend the code, which may be spent. Log the status for the operator.',
  },
  'token-endpoint-timeout': {
    title: 'The token endpoint answers too late',
    change: 'The token endpoint answers only after the client’s time-out.',
    advice:
      'Give the exchange a time-out, and when it fires, do not retry: the service may have issued the token already, and a second try only spends the code. Start the login again.',
  },
  'token-endpoint-dropped': {
    title: 'The connection drops',
    change: 'The token endpoint closes the connection without an answer.',
    advice:
      'Handle it as a time-out: the code may be spent, so never resend it. Start the login again and log the failure.',
  },
  'error-in-200': {
    title: 'An error inside a 200',
    change: 'The token endpoint answers HTTP 200 with an error in the body instead of a token.',
    advice:
      'Judge the body, not the status alone: a token answer carries access_token and token_type; anything else is a failure, whatever its status.',
  },
  'client-code-pending': {
    title: 'Polling before the user approves',
    change:
      'The client polls the token endpoint while the user has not approved yet (client-code flow).',
    advice:
      'While the user has not approved, a poll gets 400 invalid_request: that is “not yet”, not a failure. Keep polling every 3 seconds, 20 times at most, then give up and say so.',
  },
  'client-code-denied': {
    title: 'The user denies (client code)',
    change: 'The user clicks Deny on the service’s page; the next poll learns of it.',
    advice:
      'Stop polling at once and tell the user the app was not authorized. Do not start another attempt on your own.',
  },
  'client-code-expired': {
    title: 'The client code expires',
    change: 'Nobody approves before the code’s time runs out.',
    advice:
      'A code and its timestamp are good for minutes only (the emulator accepts a timestamp up to 10 minutes off its clock). Stop polling once it has expired, and start over with a new code of 40 characters.',
  },
  'client-code-bad-signature': {
    title: 'A wrong signature',
    change: 'The signed authorize request carries a sign the service cannot verify.',
    advice:
      'Sign exactly the five parameters in the service’s order with HMAC-SHA1 and the app’s secret, encoded as encodeURIComponent does. A refusal is a bug in your client, not the user’s: fix it, do not retry.',
  },
  'client-code-too-fast': {
    title: 'Polling too fast',
    change: 'The client polls the token endpoint faster than every 3 seconds.',
    advice:
      'Poll every 3 seconds, no faster, and wait longer when the service says you are too fast. A client that hammers the token endpoint is throttled.',
  },
  'no-user-agent': {
    title: 'No User-Agent header',
    change: 'A call to the service is sent without a User-Agent header.',
    advice:
      'Send a User-Agent that names your app with every call, the OAuth endpoints included: the service refuses a call without one. A browser cannot set it, one more reason to call from your server.',
  },
}
