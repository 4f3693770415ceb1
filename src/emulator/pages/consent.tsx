/** @jsxImportSource hono/jsx */
/**
 * The consent page (`GET /oauth2/authorize/consent`) and its decision
 * (`POST /oauth2/authorize/decision`): a code and a 303 back to the client, or, in the
 * client-code flow, the answer the app's polling will pick up.
 */
import { Hono } from 'hono'
import { canonicalScopes } from '../../protocol/scopes'
import { expiredRequest, redirect, withParams, type BrowserFlow } from './browser-flow'
import { ClientCodeResultPage } from './consent-page'
import type { EmulatorDeps, EmulatorEnv } from '../context'
import { excerpt, pageError } from '../emulator-error'
import { pageTextOf } from './page-locale'
import { sendPage } from './page-shell'
import { issueAuthCode } from '../oauth/auth-code'
import { oneField, oneParam, readForm } from '../oauth/sessions'

export function createConsentRoutes(deps: EmulatorDeps, flow: BrowserFlow): Hono<EmulatorEnv> {
  const routes = new Hono<EmulatorEnv>()
  const { store } = deps

  routes.get('/oauth2/authorize/consent', (c) => {
    const pending = flow.pendingOf(oneParam(c.req.queries('request'), 'request'))
    if (pending === null) throw expiredRequest()
    return flow.showConsentOrSignIn(c, pending)
  })

  routes.post('/oauth2/authorize/decision', async (c) => {
    const form = await readForm(c)
    const signedIn = flow.requireSignedInForm(c, form, 'consent')
    const pending = flow.pendingOf(oneField(form, 'request'))
    if (pending === null) throw expiredRequest()
    const app = deps.apps.get(pending.clientId)
    if (app === undefined) throw expiredRequest()
    const decision = oneField(form, 'decision')
    if (decision !== 'approve' && decision !== 'deny') {
      throw pageError(400, (m) => m.errors.badDecision)
    }
    const ticked = form.getAll('scope')
    // The pending record is the source of truth: a tampered form can only narrow the grant.
    const widened = ticked.find((scope) => !pending.scopes.includes(scope))
    if (widened !== undefined) {
      throw pageError(400, (m) => m.errors.notRequested({ scope: excerpt(widened, 40) }))
    }
    const granted = canonicalScopes(pending.scopes.filter((scope) => ticked.includes(scope)))
    store.pending.delete(pending.id)
    c.get('log').clientId = app.clientId

    if (pending.flow.kind === 'authorization_code') {
      const { redirectUri, state } = pending.flow
      if (decision === 'deny') {
        return redirect(
          c,
          withParams(redirectUri, {
            error: 'access_denied',
            error_description: 'The user denied the authorization request',
            state,
          }),
          303,
        )
      }
      const code = issueAuthCode(deps, {
        clientId: app.clientId,
        redirectUri,
        userId: signedIn.user.id,
        scopes: granted,
        codeChallenge: pending.flow.codeChallenge,
      })
      // RFC 9700 §4.12: 303, never 307, so the browser does not re-POST the form to the client.
      return redirect(c, withParams(redirectUri, { code, state }), 303)
    }

    const record = store.clientCodes.get(pending.flow.code)
    if (record?.status !== 'pending') throw expiredRequest()
    const isApproved = decision === 'approve'
    record.status = isApproved ? 'approved' : 'denied'
    record.decidedAt = deps.now()
    record.userId = signedIn.user.id
    record.grantedScopes = isApproved ? granted : []
    const { m } = pageTextOf(c)
    return sendPage(
      c,
      isApproved ? m.result.authorizedTitle : m.result.deniedTitle,
      <ClientCodeResultPage m={m} appName={app.name} approved={isApproved} scopes={granted} />,
    )
  })

  return routes
}
