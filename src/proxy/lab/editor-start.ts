/**
 * The flow lab's editor run, its first half: the authorize request exactly as the user shaped it
 * (src/protocol/lab-api.ts, LabRequest), built by the one function that builds every authorize
 * request (src/protocol/authorize.ts), from the browser's app (byo/effective-app.ts). What a
 * client must never do is allowed here on purpose, so that the service's answer to it can be
 * seen: no `state` (RFC 6749 §10.12), a redirect URI changed by one character (RFC 9700 §4.1.3),
 * `plain` PKCE (RFC 9700 §2.1.1), another response_type (RFC 9700 §2.1.2).
 */
import {
  authorizeParams,
  authorizeUrl,
  changedRedirectUri,
  type AuthorizeRequest,
} from '../../protocol/authorize'
import type { LabRequest, LabStartResponse } from '../../protocol/lab-api'
import { PLACEHOLDERS, shorten, type TraceStep } from '../../protocol/trace'
import type { Config } from '../config'
import type { EffectiveApp } from '../byo/effective-app'
import { authorizeStep } from '../flow-trace'
import type { LabRun } from './editor-cookies'
import { codeChallengeS256, createCodeVerifier, createState, type RandomBytes } from '../auth/oauth'

export interface LabStart {
  /** What the run's sealed cookie keeps. */
  run: LabRun
  /** The URL and parameters, secrets in full: for the browser's navigation and no one else. */
  endpoint: URL
  params: [name: string, value: string][]
  url: URL
}

/**
 * The run's request and its record. `ownState` is checked by the caller (it is required with
 * stateMode `own`); `scope` is canonical already (json-body.ts requestedScope).
 */
export function buildLabStart(
  config: Config,
  app: EffectiveApp,
  body: LabRequest,
  scope: string,
  random: RandomBytes,
  now: number,
): LabStart {
  const state =
    body.stateMode === 'generated'
      ? createState(random)
      : body.stateMode === 'own'
        ? (body.ownState ?? null)
        : null
  const codeVerifier = body.pkce === 'off' ? null : createCodeVerifier(random)
  const redirectUri =
    body.redirect === 'registered' ? config.redirectUri : changedRedirectUri(config.redirectUri)
  const request: AuthorizeRequest = {
    clientId: app.clientId,
    redirectUri,
    scope,
    state,
    // RFC 7636 §4.2: with `plain` the challenge is the verifier itself, sent in the clear.
    codeChallenge:
      codeVerifier === null
        ? null
        : body.pkce === 'plain'
          ? codeVerifier
          : codeChallengeS256(codeVerifier),
    ...(body.pkce === 'plain' ? { codeChallengeMethod: 'plain' as const } : {}),
    responseType: body.responseType,
  }
  // The client-code flow's endpoint is the same one (client-code-routes.ts): the app's OAuth host.
  const endpoint = new URL('/oauth2/authorize', app.authUrl)
  return {
    run: {
      runId: random(16).toString('base64url'),
      stateMode: body.stateMode,
      state,
      pkce: body.pkce,
      codeVerifier,
      redirect: body.redirect,
      redirectUri,
      scope,
      responseType: body.responseType,
      afterReturn: body.afterReturn,
      createdAt: now,
      ...(app.binding === null ? {} : { app: app.binding }),
    },
    endpoint,
    params: authorizeParams(request),
    url: authorizeUrl(endpoint, request),
  }
}

/** The answer: the URL to open, and the parameters with `state` and the challenge shortened. */
export function labStartResponse(start: LabStart): LabStartResponse {
  return {
    authorizeUrl: start.url.href,
    params: start.params.map(([name, value]) =>
      name === 'state' || name === 'code_challenge' ? [name, shorten(value)] : [name, value],
    ),
  }
}

/** The inspector's step for the request, its notes saying what this run changed. */
export function labAuthorizeStep(start: LabStart, isOwnApp: boolean): TraceStep {
  const { run } = start
  const step = authorizeStep(
    start.endpoint,
    start.params,
    isOwnApp
      ? 'Your own app, saved in this browser, registered with the redirect URI below.'
      : 'The web app, registered with the redirect URI below.',
  )
  const notes = [
    'The flow lab’s editor run: the browser opens this address itself, the user signs in and decides at the service, and the return comes back to the registered redirect URI.',
    run.stateMode === 'omitted'
      ? 'No state: the return cannot be told from one an attacker started (RFC 6749 §10.12). The lab’s checks will say so, and nothing will be exchanged.'
      : run.stateMode === 'own'
        ? 'Your own state: kept in this run’s sealed cookie and compared with the return in constant time. A guessable state protects nothing (RFC 6749 §10.10).'
        : 'state is 256 random bits, kept in this run’s sealed SameSite=Lax cookie; it is shortened here.',
    ...(run.redirect === 'changed'
      ? [
          'redirect_uri is the registered one changed by one character: the service must compare exactly and show an error page, never redirect there (RFC 9700 §4.1.3).',
        ]
      : []),
    ...(run.responseType === 'code'
      ? []
      : [
          `response_type ${run.responseType.slice(0, 32)}: only the authorization code grant is allowed (RFC 9700 §2.1.2); the service should refuse it.`,
        ]),
    run.pkce === 'off'
      ? 'No PKCE: a stolen code is usable without a verifier (RFC 9700 §2.1.1).'
      : run.pkce === 'plain'
        ? 'PKCE plain: the challenge is the verifier itself, in the clear in this address; RFC 9700 §2.1.1 asks for S256, and the service should refuse plain.'
        : 'PKCE S256: only the verifier’s SHA-256 goes here; the verifier stays in the sealed cookie for the exchange.',
  ]
  const request = step.request
  if (request === undefined || run.pkce !== 'plain') return { ...step, notes }
  // With `plain`, the challenge is the verifier: shown as its placeholder, never shortened.
  return {
    ...step,
    notes,
    request: {
      ...request,
      params: request.params.map((field) =>
        field.name === 'code_challenge'
          ? {
              name: field.name,
              value: PLACEHOLDERS.codeVerifier,
              redacted: 'value' as const,
              note: 'PKCE plain: the challenge is the code verifier itself, in the clear.',
            }
          : field,
      ),
    },
  }
}
