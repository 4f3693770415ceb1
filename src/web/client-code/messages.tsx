/** The clientCode namespace's English messages (src/web/i18n/catalog.ts says how to write them). */
import type { ReactNode } from 'react'

export const clientCodeMessages = {
  /** The document title follows the heading: what the page says now. */
  title: (p: { heading: string }) => `${p.heading} · Yuque OAuth Playground`,
  /** The heading of each state of the wait (poll-state.ts's PollView): waiting until it ends. */
  headings: {
    waiting: 'Waiting for your approval',
    connected: 'Approved',
    denied: 'Connection declined',
    expired: 'Not approved yet',
    failed: 'Polling stopped',
  },
  lede: (p: { every: string; attempts: string; scope: ReactNode }) => (
    <>
      An app without a server has no address the service could send you back to, so nothing
      redirects here. Instead this page asks the token endpoint every {p.every} whether you
      approved, up to {p.attempts} times. Scope requested: {p.scope}.
    </>
  ),
  none: '(none)',
  noFlowTitle: 'Client-code flow · Yuque OAuth Playground',
  noFlowHeading: 'No sign-in in progress',
  noFlowText:
    'This page follows a client-code sign-in started from the Connect page, in this tab. None is in progress here.',
  connect: 'Connect',
  paramNotes: {
    client_id: 'the app without a server',
    code: '40 random letters and digits, made by the proxy (masked here)',
    response_type: 'always code',
    scope: 'comma-separated, canonical',
    timestamp: 'milliseconds; the service refuses a stale one',
  },
  steps: {
    signed: 'The proxy signed the authorize request',
    signedDetail: 'With the app’s secret, which stays on the server: see the signed request below.',
    tabOpened: 'The authorize page opened in a new tab',
    tabOpenedDetail: 'Sign in there and answer the consent page.',
    tabBlocked: 'The authorize page could not open in a new tab',
    tabBlockedDetail: 'The browser blocked the new tab: open it with the link below.',
    polling: (p: { every: string }) =>
      `Asking the token endpoint every ${p.every} whether you approved`,
    pollingDetail: {
      waiting:
        'Until you answer, it replies HTTP 400 "authorization code is invalid"; the proxy reports that as pending.',
      connected: 'It answered with a token, which the proxy keeps: this page never sees it.',
      denied: 'It answered access_denied: the consent page was answered with Deny.',
      expired: 'No answer but "not approved yet" within the polling budget.',
      failed: 'Polling stopped: see below.',
    },
  },
  signed: {
    heading: 'The signed request',
    intro: (p: { amp: ReactNode }) => (
      <>The five parameters, sorted by name and URL-encoded, joined with {p.amp}:</>
    ),
    caption: 'Signed authorize parameters',
    baseString: 'string that was signed',
    algorithm: 'algorithm',
    /** The algorithm (Yuque's client-code flow, docs/service.md#client-code-flow), in words. */
    algorithmLine: (p: { clientId: string }) =>
      `base64(HMAC-SHA1(the client credential of ${p.clientId}, string))`,
    sign: 'sign',
    secretTitle: 'The secret stays on the server',
    secretText:
      'Signing needs the app’s client secret. A real app without a server would have to ship it inside the app, where anyone can extract it: the spec itself warns that this leaks the secret. Here the proxy signs and this page sees only the result. The code is masked because, until it is redeemed, whoever holds it can poll for the token.',
  },
  polling: {
    heading: 'Polling',
    attempt: (p: { attempt: string; max: string }) => `Attempt ${p.attempt} of ${p.max}`,
    nothingYet: ': nothing polled yet',
    notYet: ': not approved yet',
    pollingNow: 'Polling now…',
    nextPollIn: (p: { wait: string }) => `Next poll in ${p.wait}`,
    timeWaited: 'Time waited',
    waitedOf: (p: { waited: string; budget: string }) => `${p.waited} of about ${p.budget}`,
    lastFailed: (p: { title: string }) => `The last poll failed: ${p.title}`,
    openLink: 'Open the authorization page',
    cancel: 'Cancel',
    tabHint: 'Closed that tab? Cancel and start again: every sign-in needs a fresh code.',
    linkHint: 'It opens in a new tab; this page keeps polling meanwhile.',
  },
  end: {
    startAgain: 'Start again',
    keepWaiting: 'Keep waiting',
    keepingWaiting: 'Asking for more time…',
    connectedTitle: 'Approved: connected',
    connectedText: 'Taking you to your profile…',
    deniedTitle: 'You declined to connect',
    deniedText:
      'The consent page was answered with Deny, so the service issued no token and the playground has no access. The code is spent; starting again makes a new one.',
    expiredTitle: (p: { attempts: string }) => `No approval after ${p.attempts} polls`,
    expiredText: (p: { waited: string }) =>
      `Nothing was approved in about ${p.waited}, the budget the official client polls for. Still answering the consent page in the other tab? Keep waiting polls the same code again, for up to ten minutes after it was made; otherwise start again for a fresh code.`,
  },
  errors: {
    page: 'Polling failed in the page',
    startAgain: 'Start again.',
    reload: 'Reload the page.',
    network: {
      title: 'The playground server did not answer',
      detail: 'Check that it is still running (npm run dev). Polling goes on at the next interval.',
    },
    invalidResponse: 'The playground server answered in an unexpected shape',
    timeout: 'The token endpoint did not answer in time',
    unreachable: 'The token endpoint is unreachable',
    noClientCode: 'This sign-in is no longer in progress',
    refused: 'The service refused the code',
    upstreamInvalid: 'The token endpoint answered in an unexpected way',
    csrf: 'The proxy refused the poll',
    other: (p: { status: number }) => `Polling failed (HTTP ${p.status})`,
  },
}
