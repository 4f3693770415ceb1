/** The yourApp namespace's English messages (src/web/i18n/catalog.ts says how to write them). */
import type { ReactNode } from 'react'

export const yourAppMessages = {
  title: 'Your app · Yuque OAuth Playground',
  heading: 'Your app',
  lede: 'Connect through an OAuth app you registered yourself, or with your personal token, instead of the playground’s own app. It applies to this browser only, and nothing restarts.',
  loading: 'Loading your app’s settings…',
  disabledTitle: 'Not available on this server',
  disabledDetail:
    'The operator of this playground turned this feature off (BYO_APP=off). Connect with the playground’s own app on the Connect page, or run the playground yourself (npm start).',
  goToConnect: 'Go to Connect',
  inUseTitle: 'Your own app is in use',
  inUse: (p: { clientId: ReactNode; origin: ReactNode }) => (
    <>
      This browser connects as {p.clientId} at {p.origin}.
    </>
  ),
  tokenInUseTitle: 'Your personal token is in use',
  tokenInUse: (p: { login: ReactNode; origin: ReactNode }) => (
    <>
      Connected with your personal token (login {p.login}) at {p.origin}.
    </>
  ),
  useDefault: 'Use the default app again',
  useDefaultHint:
    'The playground’s own app: the embedded emulator’s, or the one its operator configured. Your app and its secret are forgotten.',
  backToConnect: 'Connect with it',

  serviceHeading: '1. The service',
  serviceLegend: 'Where your app is registered',
  kinds: {
    emulator: 'The embedded emulator',
    yuque: 'Yuque',
    space: 'An enterprise space',
    host: 'Another host of this server',
  },
  kindHints: {
    emulator:
      'The playground’s local copy of the service: it knows its demo app (playground-web) and the apps registered through its test-control API (POST /__emulator/apps, see the emulator’s manual).',
    yuque: 'https://www.yuque.com',
    space: 'https://<space>.yuque.com, your organisation’s own address',
    host: 'A service the operator of this playground listed',
  },
  spaceLabel: 'The space’s address',
  spaceHint: 'Its second-level domain: for https://mycorp.yuque.com, enter mycorp.',
  spacePlaceholder: '‹space›',
  originLabel: 'Origin:',
  originEmulator: 'the embedded emulator',
  emulatedNote: 'This playground runs on its embedded emulator, which stands in for this service.',

  appHeading: '2. Your OAuth app',
  callbackLabel: 'Callback URL to register',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Copy failed: select the address and copy it yourself.',
  callbackHint:
    'Register it with your app exactly as written. In Yuque: account settings → Developer → OAuth apps (for an enterprise space, in the space’s developer settings). Create an app there, or open yours, and enter this URL as its callback.',
  clientIdLabel: 'Client ID',
  clientIdHint: 'The app’s id, as Yuque’s developer settings show it.',
  clientSecretLabel: 'Client Secret',
  clientSecretHint: 'Pasted once: it is sent to the server and never shown again.',
  show: 'Show',
  showSecret: (p: { field: string }) => `Show the ${p.field}`,
  savedSecret: (p: { hint: ReactNode }) => <>Saved, ending in {p.hint}</>,
  replace: 'Replace',
  keepSaved: 'Keep the saved one',
  codeClientSummary: 'Optional: a no-server app (client code)',
  codeClientHint:
    'An app of the client-code flow, for the “No-server app” button on the Connect page. Leave both fields empty for none.',
  codeClientIdLabel: 'Its Client ID',
  codeClientSecretLabel: 'Its Client Secret',
  save: 'Save',
  saving: 'Saving…',
  savingStatus: 'Sending the app to the server…',
  saved: 'Saved.',
  savedUntil: (p: { date: ReactNode }) => (
    <>Unless it is used again, it is forgotten on {p.date}; each use keeps it 24 hours longer.</>
  ),
  forget: 'Forget',
  forgetting: 'Forgetting…',
  forgotten: 'Forgotten: the playground’s own app is in use again.',
  confirmForget:
    'Forget this app? Its secret is deleted from the server, and a session made with it ends.',
  confirmForgetYes: 'Yes, forget it',
  cancel: 'Cancel',

  storageTitle: 'Where the secret is kept',
  storage:
    'On this server, encrypted, bound to this browser, until you forget it or it has not been used for 24 hours. Running the playground yourself (npm start) keeps it on your machine.',
  neverBack:
    'The browser never gets the secret back: after Save this page shows only its last four characters. The step that needs it, the token exchange, runs in the server (a backend for frontend), unlike tools that keep a client secret in the page’s script, where anyone who opens the page can read it.',

  tokenHeading: 'Or your personal token',
  tokenIntro:
    'A token you created in your account’s settings, used as it is: no OAuth app, no consent page. The playground checks it with the service chosen above, then connects with it.',
  tokenLabel: 'Personal token',
  tokenHint:
    'Sent to the server and kept there like a secret; only its last four characters come back.',
  check: 'Check',
  checking: 'Checking…',
  checkingStatus: 'Asking the service whose token this is…',
  tokenOwner: (p: { name: ReactNode; login: ReactNode }) => (
    <>
      Connected as {p.name} ({p.login}) with this token.
    </>
  ),
  tokenSaved: (p: { hint: ReactNode }) => <>Token ending in {p.hint}</>,
  tokenScopes: 'Scopes the service reports',
  tokenNoScopes: 'The service does not report scopes for personal tokens.',
  tokenEmptyScopes: '(none)',
  tokenChecked: (p: { login: string }) => `Token checked: connected as ${p.login}.`,
  tokenForgotten: 'Token forgotten.',

  fieldErrorsTitle: 'Some fields were refused',
  fieldErrorsDetail: 'Each field says what to change; fix them and try again.',
  otherField: (p: { field: string; message: string }) => `${p.field}: ${p.message}`,
  turnedOffTitle: 'This server no longer takes your own app',
  turnedOffDetail:
    'Its operator turned the feature off (BYO_APP=off) since the page loaded. Nothing was saved; connect with the playground’s own app instead.',

  /** Each field's name inside an error message. */
  fields: {
    service: 'service',
    'service.kind': 'service',
    'service.space': 'space’s address',
    'service.host': 'host',
    clientId: 'Client ID',
    clientSecret: 'Client Secret',
    codeClient: 'no-server app',
    'codeClient.clientId': 'no-server app’s Client ID',
    'codeClient.clientSecret': 'no-server app’s Client Secret',
    token: 'personal token',
  },
  /** A refused field's code (src/protocol/your-app-api.ts FIELD_CODES), in words. */
  codes: {
    required: (p: { field: string }) => `Enter the ${p.field}.`,
    too_long: (p: { field: string }) =>
      `The ${p.field} is too long: check that you pasted it alone, without anything around it.`,
    invalid: (p: { field: string }) =>
      `The ${p.field} is not valid: copy it again from where it was issued.`,
    space_label: (_p: { field: string }) =>
      'Enter only the space’s second-level domain: 1 to 63 lower-case letters, digits or hyphens, not starting or ending with a hyphen (for https://mycorp.yuque.com, enter mycorp).',
    space_reserved: (_p: { field: string }) =>
      '“www”, names starting with xn-- and numbers name no space: enter your space’s own name.',
    unknown_host: (_p: { field: string }) =>
      'This server does not offer that host: pick one from the list.',
    host_not_offered: (_p: { field: string }) =>
      'This server does not offer that host: pick one from the list.',
    unknown_kind: (_p: { field: string }) =>
      'This server does not offer that service: pick another one.',
    unavailable: (_p: { field: string }) =>
      'This server does not offer that service: pick another one.',
    unexpected: (p: { field: string }) =>
      `The server does not take the ${p.field}: reload the page and try again.`,
    refused: (_p: { field: string }) =>
      'The service refused this token: check that it was copied whole and has not been deleted.',
  },
  unknownCode: (p: { field: string; code: string }) =>
    `The server refused the ${p.field} (${p.code}): check it and try again.`,
}
