/**
 * What an app should do when each scenario of the lab happens to it: two or three sentences,
 * concrete, shown with a scenario's result (result-view.tsx, which loads with the first result).
 * The facts of the service are docs/service.md's; the Chinese is scenario-advice.zh.ts, and
 * words.test.ts checks that every scenario has advice in both.
 */
import type { LabScenarioId } from '../../protocol/lab-api'

export const SCENARIO_ADVICE_EN: Record<LabScenarioId, string> = {
  'consent-denied':
    'Take access_denied as the user’s choice, not a fault: say nothing was connected and offer to start again. Check state on the error too, and exchange nothing.',
  'state-tampered':
    'Compare the returned state with the one stored for this browser before anything else. On a mismatch, exchange nothing and start the login again; spend a state on its first return.',
  'state-missing':
    'Send a fresh state of 128 random bits or more, bound to the browser, with every login, and refuse a return without it. Yuque documents no PKCE: state is your CSRF defence.',
  'code-reused':
    'Exchange a code once, never retry the exchange on a timeout; if the token endpoint says invalid_grant, start the login again. The service revokes the token the first exchange gave: drop it.',
  'code-expired':
    'Exchange the code as soon as the browser is back: it lives minutes (RFC 6749 §4.1.2: 10 at most). On invalid_grant, start the login again; do not retry.',
  'redirect-uri-authorize':
    'Send the redirect URI exactly as registered, trailing slash included. The service shows an error page and never redirects, so your app hears nothing: check the URI at every deploy.',
  'redirect-uri-token':
    'Send the token endpoint the redirect_uri the authorize request carried: read both from one setting. On invalid_grant, start the login again.',
  'pkce-verifier-wrong':
    'Keep the verifier with its login on your server, for one use, and send that one with the exchange. On invalid_grant, start again with a new verifier.',
  'client-secret-wrong':
    'invalid_client is your configuration, not the user: log it for the operator, say signing in is broken, and do not retry. Compare the secret with the app’s settings at Yuque.',
  'scope-missing':
    'Ask for the scopes your features need. A refusal for a scope (403, or 401 on the real service) keeps the token: send the user through the login again with the scope added.',
  'rate-limited':
    'Wait as long as Retry-After says, and never retry in a loop. Watch X-RateLimit-Remaining to slow down before the limit.',
  'token-revoked':
    'There is no refresh token: a 401 not about a scope means the token is dead. Drop it and its session, and ask the user to connect again.',
  'token-endpoint-5xx':
    'Say the service failed and let the user start the login again; never resend the code, which may be spent. Log the status.',
  'token-endpoint-timeout':
    'Give the exchange a time-out and never retry after it: the token may be issued already, and a retry only spends the code. Start the login again.',
  'token-endpoint-dropped':
    'Handle it as a time-out: the code may be spent, so never resend it. Start the login again and log it.',
  'error-in-200':
    'Judge the body, not the status alone: a token answer carries access_token and token_type. Anything else is a failure, whatever the status.',
  'client-code-pending':
    'Until the user approves, a poll gets 400 invalid_request: that means “not yet”. Poll every 3 seconds, 20 times at most, then give up and say so.',
  'client-code-denied':
    'Stop polling at once and say the app was not authorized. Start no new attempt on your own.',
  'client-code-expired':
    'A code is good for minutes only (the emulator allows a timestamp 10 minutes off). Stop polling once it expired; start over with a new 40-character code.',
  'client-code-bad-signature':
    'Sign the five parameters in the service’s order with HMAC-SHA1 and the app’s secret, encoded as encodeURIComponent does. A refusal is your bug: fix it, do not retry.',
  'client-code-too-fast':
    'Keep 3 seconds between polls yourself: the service answers a faster poll as any other and never says to slow down. Polling faster gains nothing.',
  'no-user-agent':
    'Send a User-Agent naming your app with every call, OAuth endpoints included: the service refuses calls without one. A browser cannot set it: call from your server.',
}
