/** The common namespace's English messages (src/web/i18n/catalog.ts says how to write them). */
export const commonMessages = {
  retry: 'Retry',
  retryIn: (p: { wait: string }) => `Retry in ${p.wait}`,
  connectAgain: 'Connect again',
  connectFirst: {
    title: 'Connect first',
    text: (p: { what: string }) =>
      `${p.what} belongs to a connected account. Connect one through the service’s consent page, then come back here.`,
    goToConnect: 'Go to Connect',
  },
  checklist: {
    done: 'passed',
    failed: 'failed',
    active: 'in progress',
    skipped: 'not done',
  },
  params: {
    parameter: 'parameter',
    value: 'value',
    empty: '(empty)',
  },
  meta: {
    label: 'Response headers',
    request: 'request',
    absent: 'absent',
    noScopes: '(none)',
    noneNeeded: '(none needed)',
  },
  loading: (p: { what: string }) => `Loading ${p.what}…`,
  staleMark: 'may be out of date',
  staleTitle:
    'The service or the playground server is unreachable: this is an earlier answer, maybe out of date.',
  /** describe-api-error.ts: what happened, and what to do next. */
  errors: {
    pageBug: 'Something went wrong in the page',
    unreachableTitle: 'The playground server is unreachable',
    unreachableDetail:
      'No answer came back. The page asks again by itself; check that the server (npm start or npm run dev) still runs.',
    unreachableMessage:
      'The playground server is unreachable: check that it is still running, then retry.',
    shapeTitle: 'The service answered in an unexpected shape',
    shapeMessage: (p: { request: string; issues: string }) =>
      `${p.request} answered in an unexpected shape: ${p.issues}`,
    csrfTitle: 'The proxy refused the request',
    csrfDetail: (p: { message: string }) => `${p.message} Reload the page and try again.`,
    scopeTitle: 'The token lacks a scope',
    scopeMissing: (p: { scopes: string }) =>
      `This needs ${p.scopes}, which the token was not granted. Connect again and tick it (and allow it on the consent page).`,
    scopeUnknown: (p: { status: number }) =>
      `The service refused it (HTTP ${p.status}) without saying which scope is missing; connect again with the scope this data needs.`,
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
      'The service asks to wait before the next request (Retry-After); the button counts down.',
    timeoutTitle: 'The service did not answer in time',
    downTitle: 'The service is unreachable',
    serviceFailedTitle: 'The service failed',
    unusableTitle: 'The service’s answer could not be used',
    /**
     * The proxy's refusals of a call to the service, by their code (PROXY_ERROR_CODES): said in
     * the page's language; the proxy's own English message is for the API's other readers.
     */
    proxy: {
      upstream_unreachable:
        'Nothing answers at the service’s address: it is down, or the address is wrong. The page retries by itself; check that the service is running.',
      upstream_timeout:
        'The service did not answer in time. This is usually temporary: the page retries by itself.',
      upstream_error:
        'The service failed (HTTP 5xx). Usually temporary: the page retries by itself.',
      upstream_invalid:
        'The answer was a redirect, which the playground does not follow, or not JSON: nothing was passed on.',
    },
    notConnectedProxy: 'This needs a connected account: connect your account first.',
    temporary: (p: { message: string }) =>
      `${p.message} This is usually temporary: retry in a moment.`,
    failedTitle: (p: { status: number }) => `The request failed (HTTP ${p.status})`,
    /** api-error.ts: an error body without a message. */
    noMessage: (p: { status: number; text: string }) =>
      `HTTP ${p.status}: ${p.text} (the response carried no error message).`,
    status: {
      400: 'the request was refused as malformed',
      401: 'authentication is required',
      403: 'access was refused',
      404: 'nothing was found at this address',
      429: 'too many requests',
      500: 'the server failed',
      502: 'the server got no valid answer from the service',
      503: 'the service is unavailable',
      504: 'the service did not answer in time',
      other: 'the request failed',
    },
  },
  /** A path parameter that does not fit its pattern (segment-problem.ts), by its kind. */
  pathParam: {
    id: (p: { name: string; value: string }) =>
      `The path parameter "${p.name}" ("${p.value}") must be a positive whole number.`,
    login: (p: { name: string; value: string }) =>
      `The path parameter "${p.name}" ("${p.value}") must be letters, digits, "-" and "_" (at most 64).`,
    userKey: (p: { name: string; value: string }) =>
      `The path parameter "${p.name}" ("${p.value}") must be a login (letters, digits, "-" and "_") or a numeric id.`,
    slug: (p: { name: string; value: string }) =>
      `The path parameter "${p.name}" ("${p.value}") must be letters, digits, ".", "-" and "_".`,
  },
  // Cached data while the service does not answer.
  outOfDate: 'May be out of date',
  outOfDateDetail: (p: { time: string }) =>
    `The service is not answering; this is its answer from ${p.time}. The page asks again by itself.`,
  /** describe-api-error.ts: a request made while the browser has no connection. */
  offlineTitle: 'Could not reach the playground server: you are offline',
  offlineDetail:
    'This device has no network connection. Check the Wi-Fi or the cable; once the connection is back, the page asks again by itself.',
}
