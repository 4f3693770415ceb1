/**
 * The emulator pages' English text. The Chinese catalog (messages.zh.ts) is declared with this
 * object's type, so a missing key or a placeholder of the wrong name is a type error: the same
 * pattern as the web app's catalogs (docs/decisions/0009-i18n.md), kept on the server side
 * because the emulator imports nothing from src/web. Scope names, parameter names and header
 * names stay as they are in every language.
 */

import { NO_SCOPE_MEANING } from '../../protocol/scopes'
import { SCOPE_MEANINGS_EN } from '../../protocol/scope-meanings'

/** What an error page shows: title (from the status when absent), message, what to do next. */
export interface ErrorText {
  title?: string
  message: string
  hint?: string
}

const minutesOf = (n: number) => `${n} minute${n === 1 ? '' : 's'}`

export const emulatorMessages = {
  shell: {
    titleSuffix: 'Yuque emulator',
    brand: 'Yuque',
    tag: 'Local emulator',
    /** The language link: the name of the other language, in that language. */
    otherLanguage: '中文',
    otherLanguageLabel: '切换到中文',
    /** Beside the brand on every page of an enterprise space (docs/emulator.md#enterprise-spaces). */
    space: (p: { space: string }) => `${p.space} · enterprise space`,
  },
  signIn: {
    title: 'Sign in',
    forTokens: 'Sign in to manage your personal access tokens.',
    toContinue: (p: { app: string }) => `to continue to ${p.app}`,
    login: 'Login',
    password: 'Password',
    submit: 'Sign in',
    wrongPassword: 'Incorrect login or password.',
    demoUsers: 'Demo users',
    demoPasswordBefore: 'Every demo user’s password is ',
    demoPasswordAfter: '. Sign in with one click:',
    signInAs: (p: { name: string; login: string }) => `Sign in as ${p.name} (@${p.login})`,
    inSpace: (p: { space: string; host: string }) =>
      `You are signing in to ${p.space} (${p.host}), an enterprise space: use your account of this space.`,
  },
  who: { signOut: 'Not you? Sign out' },
  consent: {
    title: (p: { app: string }) => `Authorize ${p.app}`,
    noScope: ' asks for no scope: it gets read-only access to public information. ',
    asksFor: ' asks for these permissions. Untick any you do not want to grant.',
    deny: 'Deny',
    approve: 'Authorize',
    returnsToApp: 'You will be sent back to the app.',
    appWaits: 'The app is waiting for your answer; you can close this tab afterwards.',
    warnTitle: 'Approve only if you started this yourself, on this device.',
    startedAt: (p: { app: string; when: string; iso: string }) =>
      `${p.app} started this sign-in ${p.when} (${p.iso}, the time the app signed).`,
    openedFrom: (p: { address: string }) => `This page was opened from ${p.address}.`,
    justNow: 'just now',
    minutesAgo: (p: { minutes: number }) => `${minutesOf(p.minutes)} ago`,
    inMinutes: (p: { minutes: number }) => `in ${minutesOf(p.minutes)}`,
    inSpace: (p: { space: string }) =>
      `The app gets access to your account in the enterprise space ${p.space} only.`,
  },
  result: {
    authorizedTitle: 'Authorized',
    authorized: (p: { app: string }) => `${p.app} is authorized`,
    returnNow: (p: { app: string }) =>
      `You may now return to the app: ${p.app} will finish signing in by itself.`,
    grantedNone: 'Granted: read-only access to public information.',
    granted: (p: { scopes: string }) => `Granted scopes: ${p.scopes}.`,
    deniedTitle: 'Access denied',
    denied: (p: { app: string }) =>
      `You denied ${p.app} access to your account. You may return to the app.`,
    closeTab: 'You can close this tab.',
  },
  tokens: {
    title: 'Personal access tokens',
    newToken: 'Your new token',
    copyBefore: 'Copy it now: it is shown only once. Send it in the ',
    copyAfter: ' header.',
    scopesNone: 'Scopes: none (public information only).',
    scopesOf: (p: { scopes: string }) => `Scopes: ${p.scopes}`,
    note: 'Note',
    notePlaceholder: 'What is it for?',
    scopes: 'Scopes',
    create: 'Create token',
    yours: 'Your tokens',
    token: 'Token',
    created: 'Created',
    none: '(none)',
  },
  /**
   * The scope table of docs/service.md#scopes, in words; the scope names themselves are never
   * translated.
   */
  scopes: {
    /** On the consent page when no scope is asked for, in parentheses. */
    noScope: `(${NO_SCOPE_MEANING}.)`,
    meaning: SCOPE_MEANINGS_EN,
  },
  statusTitles: {
    400: 'This request cannot be handled',
    403: 'Request refused',
    404: 'Page not found',
    405: 'Method not allowed',
    413: 'Request too large',
    421: 'Wrong host',
    429: 'Too many attempts',
    other: 'Something went wrong',
  },
  errors: {
    notFound: { message: 'Not Found' } as ErrorText,
    failed: { message: 'The emulator failed to handle this request.' } as ErrorText,
    expired: {
      title: 'Authorization request not found',
      message: 'This authorization request has expired or was already answered.',
      hint: 'Go back to the app and start again.',
    } as ErrorText,
    notSignedIn: (p: { hint: string }): ErrorText => ({
      message: 'You are not signed in, or your sign-in session has ended.',
      hint: p.hint,
    }),
    badFormToken: (p: { form: 'consent' | 'sign-in' | 'other'; hint: string }): ErrorText => ({
      message: `${{ consent: 'The consent form’s', 'sign-in': 'The sign-in form’s', other: 'The form’s' }[p.form]} security token is missing or wrong.`,
      hint: p.hint,
    }),
    hints: {
      startAgain: 'Go back to the app and start again.',
      notAuthorized: 'Go back to the app and start again. The app was not authorized.',
      tokensSignIn: 'Open /settings/tokens and sign in again.',
      reload: 'Reload the page and try again.',
      signInAgain: 'Open the sign-in page again and sign in from there.',
    },
    tooManySignIns: (p: { minutes: number }): ErrorText => ({
      message: `Too many failed sign-in attempts from this address or for this account. Try again in ${minutesOf(p.minutes)}.`,
      hint: 'Wait, then sign in again. Demo users sign in with the password "password".',
    }),
    badDecision: { message: 'The decision must be "approve" or "deny".' } as ErrorText,
    notRequested: (p: { scope: string }): ErrorText => ({
      message: `The scope "${p.scope}" was not requested, so it cannot be granted.`,
    }),
    notPersonal: (p: { scope: string }): ErrorText => ({
      message: `The scope "${p.scope}" cannot be given to a personal token.`,
    }),
  },
  /** `GET /oauth2/authorize` refused with a page: nowhere trusted to redirect to (RFC 6749 §4.1.2.1). */
  authorize: {
    misconfigured: 'The app that sent you here is misconfigured.',
    missingClientId: {
      title: 'Missing client_id',
      message: 'The request has no client_id.',
    } as ErrorText,
    unknownApp: (p: { clientId: string }): ErrorText => ({
      title: 'Unknown app',
      message: `No app is registered with client_id "${p.clientId}".`,
    }),
    noRedirectUri: (p: { app: string }): ErrorText => ({
      title: 'Missing redirect_uri',
      message: `${p.app} has no registered redirect URI: it signs in with the client-code flow (code, timestamp and sign).`,
    }),
    severalRedirectUris: (p: { app: string }): ErrorText => ({
      title: 'Missing redirect_uri',
      message: `${p.app} registered several redirect URIs, so the request must name one in redirect_uri.`,
    }),
    redirectMismatch: (p: { uri: string; app: string }): ErrorText => ({
      title: 'Redirect URI mismatch',
      message: `The redirect_uri "${p.uri}" is not registered for ${p.app}.`,
      hint: 'Redirect URIs are compared by exact string match (no normalisation of case, ports or trailing slashes).',
    }),
    restart: (p: { app: string }) => `Ask ${p.app} to start signing in again.`,
    unsupportedResponseType: {
      title: 'Unsupported response_type',
      message: 'response_type must be "code".',
    } as ErrorText,
    malformedCode: (p: { length: number }): ErrorText => ({
      title: 'Malformed code',
      message: `The code must be exactly 40 letters and digits; this one has ${p.length} characters${p.length === 40 ? ' and others than letters and digits' : ''}.`,
    }),
    malformedTimestamp: {
      title: 'Malformed timestamp',
      message: 'timestamp must be the time of the request in milliseconds since the epoch.',
    } as ErrorText,
    staleTimestamp: (p: { minutes: number; past: boolean }): ErrorText => ({
      title: 'Stale timestamp',
      message: `The request's timestamp is ${p.minutes} minutes ${p.past ? 'in the past' : 'in the future'}; it must be within 10 minutes of the server's clock.`,
      hint: "Check the device's clock.",
    }),
    missingSign: {
      title: 'Missing signature',
      message: 'The request has no sign parameter.',
    } as ErrorText,
    invalidSign: (p: { hasSpace: boolean }): ErrorText => ({
      title: 'Invalid signature',
      message:
        'The sign parameter does not match this request and this app’s secret.' +
        (p.hasSpace ? ' It contains a space: a "+" of the base64 value was not URL-encoded.' : ''),
    }),
    unknownScope: (p: { scope: string }): ErrorText => ({
      title: 'Unknown scope',
      message: `Unknown scope "${p.scope}".`,
    }),
    scopeNotEnabled: (p: { scope: string; app: string }): ErrorText => ({
      title: 'Scope not enabled',
      message: `The scope "${p.scope}" is not enabled for ${p.app}.`,
    }),
    codeUsed: {
      title: 'Code already used',
      message: 'This code was already used for an authorization request.',
      hint: 'Every sign-in needs a freshly generated code.',
    } as ErrorText,
  },
}

export type EmulatorMessages = typeof emulatorMessages
