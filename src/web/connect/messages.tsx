/** The connect namespace's English messages (src/web/i18n/catalog.ts says how to write them). */
import type { ReactNode } from 'react'
import { SCOPE_MEANINGS_EN } from '../../protocol/scope-meanings'

export const connectMessages = {
  title: 'Connect · Yuque OAuth Playground',
  heading: 'Connect an account',
  lede: 'Pick the scopes to request, then go through the service’s sign-in and consent page. The token stays in the proxy: this page never sees it.',
  connectedTitle: 'Connected',
  connectedSince: (p: { date: ReactNode; scope: ReactNode }) => (
    <>
      Since {p.date}, with scope {p.scope}. Connecting again replaces this session, so the scopes it
      holds are ticked below: untick one to drop it, tick more to add them.
    </>
  ),
  none: '(none)',
  empty: '(empty)',
  seeProfile: 'See your profile',
  continue: 'Continue',
  scopesHeading: 'Scopes',
  groups: {
    full: {
      title: 'Read and modify',
      hint: 'A full scope includes its read-only variant.',
    },
    read: { title: 'Read only', hint: 'Enough for an app that only displays data.' },
    advanced: {
      title: 'Advanced',
      hint: 'Not open by default: the service operator must enable it for the app.',
    },
  },
  /** What each scope lets the app do; the scope names themselves stay as the API spells them. */
  scopeMeanings: SCOPE_MEANINGS_EN,
  noScopeMeaning:
    'read-only access to public information: user information without telephone number and e-mail',
  impliedBy: (p: { scope: ReactNode }) => <>implied by {p.scope}: left out of the request</>,
  needsApproval: 'needs the operator’s approval; the emulator refuses it',
  attachUploadWarning: (p: { scope: ReactNode }) => (
    <>
      {p.scope} is not open by default: the service operator must enable it for this app. The
      emulator refuses it, so the consent page will show an error.
    </>
  ),
  connect: 'Connect',
  connectAgain: 'Connect again',
  connecting: 'Connecting…',
  connectAnyway: 'Connect anyway',
  serviceDownTitle: 'The service is not answering',
  serviceDownDetail:
    'The playground’s last calls to the service found nobody answering, so its sign-in page would not load either. Wait until the status bar no longer marks data “may be out of date”, or press Connect anyway.',
  /** The proxy found nobody answering at the service (proxy/service-probe.ts): this page stays. */
  serviceUnreachableTitle: 'The service’s sign-in page would not load',
  serviceUnreachableDetail:
    'Nothing answers at the service’s address, so the playground did not send you there. Check that the service is running (and that YUQUE_AUTH_URL names it), then press Retry.',
  redirecting: 'Opening the service’s authorize page…',
  asking: 'Asking the proxy for a login…',
  askingClientCode: 'Asking the proxy to sign a client-code request…',
  returnTo: (p: { path: string }) => `Afterwards you will return to ${p.path}.`,
  landOnProfile: 'Afterwards you will land on your profile.',
  clientCodeButton: 'No-server app (client code)',
  clientCodeHint: (p: { clientId: ReactNode }) => (
    <>
      Connect as {p.clientId}, an app with no server the service could send you back to: the
      authorize page opens in a new tab while this one asks the token endpoint every few seconds
      whether you approved.
    </>
  ),
  previewHeading: 'What will be sent',
  /** Above the scope parameter's value (shown in capitals): the parameter's name. */
  scopeLabel: 'scope',
  /** Above the authorize URL: the request's method. */
  urlLabel: 'GET',
  placeholders: {
    state: '‹made by the proxy when you press Connect›',
    codeChallenge: '‹S256 hash of a verifier the proxy keeps›',
  },
  noScope: (p: { meaning: string }) => `No scope: ${p.meaning}.`,
  listEnd: '.',
  droppedSeparator: ', ',
  listSeparator: '; ',
  droppedAsImplied: (p: { list: string }) => ` Dropped as implied: ${p.list}.`,
  droppedEntry: (p: { scope: string; impliedBy: string }) => `${p.scope} (by ${p.impliedBy})`,
  paramsCaption: 'Authorize request parameters',
  /** A link to /app, above the client_id it changes. */
  useOwnApp: 'Use your own app or personal token',
  serviceEmulator:
    'Service: the embedded emulator. Sign in as alice (or bob, …) with the password "password".',
  serviceReal: (p: { url: string }) => `Service: ${p.url}`,
  paramNotes: {
    client_id: 'the app registered with the service',
    redirect_uri: 'must match the registration exactly',
    response_type: 'authorization code flow, never a token',
    state: '≥128 random bits, single-use (CSRF defence)',
    code_challenge: 'PKCE (RFC 7636): the proxy proves it at the token exchange',
    code_challenge_method: 'SHA-256, never plain (RFC 9700 §2.1.1)',
    scopeEmpty: 'empty: public read-only',
    scopeList: 'comma-separated, canonical',
  },
}
