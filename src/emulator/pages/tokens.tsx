/** @jsxImportSource hono/jsx */
/** The personal access tokens page (`/settings/tokens`): list and create, signed in. */
import { Hono } from 'hono'
import type { Context } from 'hono'
import { SCOPES, canonicalScopes } from '../../protocol/scopes'
import type { BrowserFlow } from './browser-flow'
import type { EmulatorDeps, EmulatorEnv } from '../context'
import { excerpt, pageError } from '../emulator-error'
import { pageTextOf } from './page-locale'
import { sendPage } from './page-shell'
import { mintToken } from '../oauth/mint-token'
import { currentSession, oneField, readForm, type SignedIn } from '../oauth/sessions'
import { TokensPage } from './tokens-page'

/**
 * docs/service.md#operator-approved-scopes: scopes that need the service's approval are never given
 * to a personal token.
 */
const PERSONAL_SCOPES = SCOPES.filter((scope) => !scope.needsApproval)

export function createTokenSettingsRoutes(
  deps: EmulatorDeps,
  flow: BrowserFlow,
): Hono<EmulatorEnv> {
  const routes = new Hono<EmulatorEnv>()
  const { store } = deps

  const tokensPage = (
    c: Context<EmulatorEnv>,
    signedIn: SignedIn,
    created: { token: string; scopes: string[] } | null,
  ) => {
    const rows = [...store.tokens.values()]
      .filter((t) => t.userId === signedIn.user.id && t.clientId === null && !t.revoked)
      .map((t) => ({
        fingerprint: t.fingerprint,
        label: t.label,
        scopes: t.scopes,
        createdAt: new Date(t.createdAt).toISOString(),
      }))
    const { m, chosen } = pageTextOf(c)
    return sendPage(
      c,
      m.tokens.title,
      <TokensPage
        m={m}
        lang={chosen}
        user={flow.signedInUser(signedIn)}
        csrf={signedIn.session.csrf}
        scopes={PERSONAL_SCOPES}
        newToken={created?.token ?? null}
        newTokenScopes={created?.scopes ?? []}
        tokens={rows}
      />,
      { status: created === null ? 200 : 201, here: '/settings/tokens' },
    )
  }

  routes.get('/settings/tokens', (c) => {
    const signedIn = currentSession(c, deps)
    return signedIn === null
      ? flow.showSignIn(c, { app: null, requestId: null })
      : tokensPage(c, signedIn, null)
  })

  routes.post('/settings/tokens', async (c) => {
    const form = await readForm(c)
    const signedIn = flow.requireSignedInForm(c, form, 'tokens')
    const requested = form.getAll('scope')
    const unknown = requested.find((name) => !PERSONAL_SCOPES.some((scope) => scope.name === name))
    if (unknown !== undefined) {
      throw pageError(400, (m) => m.errors.notPersonal({ scope: excerpt(unknown, 40) }))
    }
    const label = (oneField(form, 'label') ?? '').trim().slice(0, 100)
    const scopes = canonicalScopes(requested)
    const token = mintToken(deps, {
      userId: signedIn.user.id,
      clientId: null,
      scopes,
      label: label === '' ? null : label,
    })
    return tokensPage(c, signedIn, { token, scopes })
  })

  return routes
}
