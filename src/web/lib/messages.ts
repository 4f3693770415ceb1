/** The common namespace's English messages (src/web/i18n/catalog.ts says how to write them). */
export const commonMessages = {
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
    'The service or the playground server is unreachable: this was loaded earlier and may be out of date.',
  /**
   * What the first load's error paths say (api-client.ts, api-error.ts); the error card's titles
   * and next steps load with the card (error-messages.ts, docs/decisions/0008).
   */
  errors: {
    unreachableMessage:
      'The playground server is unreachable: check that it is still running, then retry.',
    shapeMessage: (p: { request: string; issues: string }) =>
      `${p.request} answered in an unexpected shape: ${p.issues}`,
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
}
