/** The callback namespace's English messages (src/web/i18n/catalog.ts says how to write them). */
import type { ReactNode } from 'react'

export const callbackMessages = {
  title: 'Callback · Yuque OAuth Playground',
  lede: 'The service sent the browser back here. Each check below runs before anything is sent.',
  /** The page's h1, one per outcome: a failure does not keep the happy path's heading. */
  headings: {
    empty: 'Nothing to complete here',
    invalid: 'This callback was refused',
    declined: 'Connection declined',
    serviceError: 'The service could not connect you',
    foreign: 'This login cannot be completed here',
    failed: 'The connection failed',
  },
  none: '(none)',
  steps: {
    wellFormed: 'The service’s response is well-formed',
    stateMatches: 'state returned by the service matches the one this tab sent',
    stateDetail: (p: { state: string; verdict: string }) => (
      <>
        state <code>{p.state}</code>: {p.verdict}
      </>
    ),
    codeReceived: 'Authorization code received',
    serviceAnswered: (p: { error: string }) => `The service answered error=${p.error}.`,
    exchanging: 'Exchanging the code through the proxy',
    exchangingDetail:
      'The proxy sends it with the client secret and keeps the token; the browser never sees it.',
    nothingSent: 'Nothing is sent.',
  },
  verdicts: {
    match: 'It is one this tab remembered before leaving for the authorize page.',
    missing: 'The response carries no state, so it cannot be tied to a login started here.',
    unknown:
      'This tab never sent it: the link was opened in another tab or browser, or forged to log you in to someone else’s account.',
    used: 'This tab already used it: a login completes once.',
  },
  invalid: {
    repeated: (p: { param: string }) =>
      `The parameter "${p.param}" appears more than once, so it is ambiguous.`,
    tokenInQuery: (p: { param: string }) =>
      `The response carries "${p.param}": this app uses the authorization code flow only and never accepts a token in the address.`,
    tokenInFragment:
      'The address carries a token in its fragment: this app uses the authorization code flow only and never accepts a token in the address.',
    codeAndError: 'The response carries both a code and an error, which contradict each other.',
    neither: 'The response carries neither a code nor an error.',
    emptyCode: 'The code is empty.',
    noState:
      'The response carries a code but no state, so it cannot be tied to a login started here.',
    tooLong: 'The code or the state is too long to be genuine.',
  },
  startAgain: 'Start again',
  tryAgain: 'Try again',
  connect: 'Connect',
  connectFromThisTab: 'Connect from this tab',
  yourProfile: 'Your profile',
  emptyTitle: 'Nothing to do here',
  emptyText:
    'This page finishes a connection started from the Connect page. Its one-time parameters were already used and removed from the address, so reloading it does nothing.',
  invalidTitle: 'This callback is not valid',
  nothingExchanged: 'Nothing was exchanged.',
  foreignError:
    ' Its state does not match a login started in this tab, so it may not come from you.',
  declinedTitle: 'You declined to connect',
  declinedText:
    'The consent page was answered with Deny, so the service issued no code and the playground has no access.',
  serviceErrorTitle: 'The service returned an error',
  alreadyCompleted: 'This login was already completed',
  notStartedHere: 'This tab did not start this login',
  notExchanged: 'The code was not exchanged.',
  startFromConnect: ' To connect, start from the Connect page in this tab.',
  /** The proxy's own words, shown beside ours (server text, in English). */
  proxySaid: (p: { message: ReactNode }) => <>The proxy said: {p.message}</>,
  exchange: {
    page: { title: 'The exchange failed', detail: 'Something failed in the page. Start again.' },
    network: {
      title: 'The playground server is unreachable',
      detail:
        'The code could not be sent. Once the server runs again, start a new login: the code may already be spent.',
    },
    stateUnknown: {
      title: 'The proxy does not know this login',
      detail:
        'Its short-lived login cookie is missing or belongs to another login (another browser, or cookies were cleared). Nothing was exchanged.',
    },
    stateExpired: {
      title: 'The login expired',
      detail: 'The sign-in took longer than the pending login lives. Nothing was exchanged.',
    },
    refused: {
      title: 'The service refused the code',
      detail: 'A code works once, for a few minutes.',
    },
    upstreamError: {
      title: 'The service failed during the exchange',
      detail: 'This is a server error, not a problem with your code or sign-in.',
    },
    noAnswer: {
      title: 'The service did not answer the exchange',
      detail:
        'The service may have received the code all the same, so this login cannot be completed: start a new one.',
    },
    appSecretRefused: {
      title: 'The service refused your app’s Client Secret',
      detail:
        'The code was sent with the Client Secret saved for your own app, and the service did not accept it. On the Your app page, check that the secret matches the one in Yuque’s developer settings (save it again if not), then start again.',
    },
    appChanged: {
      title: 'Your app changed while you were signing in',
      detail:
        'Your own app was saved again or forgotten after this login started, so the login belongs to an app this browser no longer uses. Nothing was exchanged: connect again.',
    },
    /** The link to the Your app page beside Start again. */
    checkYourApp: 'Check your app',
    other: (p: { status: number }) => ({
      title: `The exchange failed (HTTP ${p.status})`,
      detail: 'Start again.',
    }),
  },
}
