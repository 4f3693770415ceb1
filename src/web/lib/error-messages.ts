/**
 * The errors namespace's English messages: what the error card says and its buttons
 * (describe-api-error.ts, api-error-notice.tsx), apart from the common namespace so that they
 * load with the card, not with the first load (docs/decisions/0008). src/web/i18n/catalog.ts
 * says how to write them.
 */
export const errorsMessages = {
  retry: 'Retry',
  retryIn: (p: { wait: string }) => `Retry in ${p.wait}`,
  connectAgain: 'Connect again',
  pageBug: 'Something went wrong in the page',
  unreachableTitle: 'The playground server is unreachable',
  unreachableDetail:
    'No answer came back. The page asks again by itself every few seconds; check that the server (npm start or npm run dev) is still running.',
  shapeTitle: 'The service answered in an unexpected shape',
  csrfTitle: 'The proxy refused the request',
  csrfDetail: (p: { message: string }) => `${p.message} Reload the page and try again.`,
  scopeTitle: 'The token lacks a scope',
  scopeMissing: (p: { scopes: string }) =>
    `This needs ${p.scopes}, which the token was not granted. Connect again and tick it (and allow it on the consent page).`,
  scopeUnknown: (p: { message: string }) =>
    `${p.message} The service did not say which scope is missing; connect again with the scope this data needs.`,
  rejectedTitle: 'The service rejected the token',
  rejectedDetail:
    'It answered 401, so the playground forgot the token and ended the session. Connect again.',
  notConnectedTitle: 'Not connected',
  notConnectedDetail: (p: { message: string }) => `${p.message} Connect your account first.`,
  notFoundTitle: 'Not found',
  rateLimitTitle: 'Rate limit reached',
  rateLimitUnknown:
    'The service asks to slow down and did not say when; try again in a few minutes.',
  rateLimitKnown:
    'The service asks to wait before the next request (Retry-After); the button below counts down.',
  timeoutTitle: 'The service did not answer in time',
  downTitle: 'The service is unreachable',
  temporary: (p: { message: string }) =>
    `${p.message} This is usually temporary: retry in a moment.`,
  failedTitle: (p: { status: number }) => `The request failed (HTTP ${p.status})`,
}
