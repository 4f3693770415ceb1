/**
 * The flow's take-home code in English (the `takeHome` namespace): a heading and a line for each
 * step (src/web/lab/take-home.tsx), and the comments inside the snippets (flow-*.ts), one line
 * each. A namespace apart from `snippets`, so the explorer, which shows snippets too, does not
 * load these. The Chinese is flow-messages.zh.ts.
 */
export const flowMessages = {
  steps: {
    authorize: {
      title: 'Send the user to the authorization page',
      hint: 'Your server makes state and the PKCE verifier, keeps them with the user’s session, and sends the browser to this address.',
    },
    callback: {
      title: 'Check the return to your redirect URI',
      hint: 'Before anything else: the state this browser was given, an error, a code.',
    },
    exchange: {
      title: 'Exchange the code for a token',
      hint: 'From your server, once, with your client secret: it never reaches the browser.',
    },
    api: {
      title: 'Call the API with the token',
      hint: 'The token in X-Auth-Token, and a User-Agent that names your app.',
    },
    clientCodeSign: {
      title: 'Client-code flow: sign the authorization request',
      hint: 'For an app with no server to come back to: a 40-character code, signed with your client secret.',
    },
    clientCodePoll: {
      title: 'Client-code flow: poll for the token',
      hint: 'Nothing comes back to the app: it asks the token endpoint until the user decides.',
    },
  },
  /** A client-code step where the page has no client-code app. */
  noClientCodeApp: 'No client-code app is configured here, so this step has no code.',
  comments: {
    secret: 'Set YUQUE_CLIENT_SECRET on your server: never in your code, the browser or a log.',
    random: 'state and code_verifier: 32 bytes each from a CSPRNG, base64url.',
    randomState: 'state: 32 bytes from a CSPRNG, base64url.',
    challenge: 'PKCE: code_challenge = base64url(SHA-256(code_verifier)), method S256.',
    order: 'The parameters in the order the service lists them.',
    keep: 'Keep state (and code_verifier) with this user’s session on your server; send the browser to the URL.',
    printed: 'Printed here only to try the next steps by hand.',
    callbackApp:
      'Your app’s own code at the redirect URI, before any HTTP call: see the other tabs.',
    callbackEnv:
      'YUQUE_CALLBACK_URL: the address the browser came back to; YUQUE_STATE: the state kept for this browser.',
    once: 'code, state and error come once at most.',
    stateMatch:
      'state must be the one kept for this browser, compared in constant time; then forget it (single use).',
    error: 'An error (access_denied: the user declined) brings no code: exchange nothing.',
    noCode: 'No code: nothing to exchange.',
    exchangeEnv:
      'YUQUE_CODE: the code from the callback; YUQUE_CODE_VERIFIER: the verifier kept with the session.',
    oneAttempt:
      'One attempt, never retried: a code is single-use. Redirects are not followed: the request carries your secret.',
    secretStdin: 'The secret goes in through stdin, not the command line, where ps would show it.',
    onlyBearer: 'Anything but 200 with a bearer token is a failure: open no session.',
    keepToken: 'The answer holds the token: keep it on your server, never in the browser or a log.',
    clientCode: 'code: 40 letters and digits from a CSPRNG; keep it to poll.',
    timestamp: 'timestamp: now, in milliseconds since the epoch.',
    baseString:
      'The five signed parameters in alphabetical order, each value encoded as encodeURIComponent does, joined by &.',
    hmac: 'sign = base64(HMAC-SHA1(client secret, that string)).',
    opensslArgv:
      'openssl reads the secret from its arguments, which others on this machine may see: run it on your own.',
    openUrl: 'Open this address in the user’s browser.',
    pollEnv: 'YUQUE_CLIENT_CODE: the code you signed (the code parameter of the address).',
    pollPace: (p: { seconds: number; attempts: number }) =>
      `Every ${p.seconds} s, ${p.attempts} times at most; a poll sends no client secret.`,
    pending:
      'Not approved yet: 400 invalid_request "authorization code is invalid". Wait, then poll again.',
    denied: 'access_denied: the user declined. Stop.',
  },
}
