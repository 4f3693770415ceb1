/**
 * THE one resolver of which app a request uses (docs/decisions/0015-your-own-app.md): the
 * operator's (config.ts: YUQUE_CLIENT_ID, its secret, YUQUE_CODE_CLIENT_*, YUQUE_AUTH_URL,
 * YUQUE_BASE_URL), or the app this browser saved in its vault (vault.ts). Every route that would
 * read those settings at request time asks here instead: the login's start and exchange, the
 * client-code flow, the connect page's preview and every API call. A request without a vault
 * cookie gets the operator's app as one object built at start, without a read of the store.
 *
 * And the connection a request holds: its session, when the session was opened with the app the
 * browser uses now, or else the vault's personal token. A session remembers the vault and the
 * app's revision it was opened with (session.ts, `app`), so a session of app A is never used
 * with app B, nor after Forget.
 */
import type { Context } from 'hono'
import type { Config } from '../config'
import type { ProxyContext } from '../context'
import type { AppBinding } from '../auth/app-binding'
import type { Session } from '../auth/session'
import { cookieCallOf, type CookieCall } from '../auth/session-cookie'
import { noteSecrets, type TraceCollector } from '../flow-trace'
import type { Vault, VaultStore } from './vault'

export interface EffectiveApp {
  /** Null: the operator's app. */
  binding: AppBinding | null
  /** The browser's vault, when it has one (its app may be absent: a personal token alone). */
  vault: Vault | null
  clientId: string
  clientSecret: string
  /** The client-code flow's app; null when the flow is off or the app saved none. */
  codeClient: { clientId: string; clientSecret: string } | null
  /** Hosts `/oauth2/authorize` and `/oauth2/token`. */
  authUrl: URL
  /** The API base, ending in `/api/v2/`. */
  baseUrl: URL
  /** For the connect page: the embedded emulator, or a real service. */
  service: 'emulator' | 'yuque'
}

/** What a request is connected with, if anything. */
export interface Connection {
  app: EffectiveApp
  /** Null: not connected (a public call goes out without a token). */
  accessToken: string | null
  session: Session | null
  source: 'oauth' | 'personal-token' | null
  /** Where the API calls go: the app's service, or the personal token's. */
  baseUrl: URL
}

export interface Apps {
  /** The app this request uses; its secrets are noted for the trace's redaction. */
  effectiveApp(call: CookieCall, trace: TraceCollector | undefined): Promise<EffectiveApp>
  /** The app and what the request is connected with; `session` is the request's, as read. */
  connection(
    call: CookieCall,
    session: Session | null,
    trace: TraceCollector | undefined,
  ): Connection | Promise<Connection>
  /**
   * Forgets the personal token of the browser's vault (`vault`, or the one its cookie names):
   * a login replaces it, a logout ends it. One connection at a time.
   */
  dropToken(call: CookieCall, vault: Vault | null): Promise<void>
  readonly vaults: VaultStore
}

/** The app a route of /auth uses: the one resolver, given the request's cookies and trace. */
export function effectiveApp(ctx: Pick<ProxyContext, 'apps'>, c: Context): Promise<EffectiveApp> {
  return ctx.apps.effectiveApp(cookieCallOf(c), c.get('flowTrace'))
}

/** Whether a session or a login was made with the app (both null: the operator's). */
export function isSameApp(made: AppBinding | undefined | null, app: AppBinding | null): boolean {
  if (made === undefined || made === null) return app === null
  return app !== null && made.vault === app.vault && made.rev === app.rev
}

/** Every secret a vault holds: the trace removes them from whatever it writes (flow-trace.ts). */
export function vaultSecrets(vault: Vault): string[] {
  return [
    ...(vault.app === null ? [] : [vault.app.clientSecret]),
    ...(vault.app?.codeClient ? [vault.app.codeClient.clientSecret] : []),
    ...(vault.token === null ? [] : [vault.token.value]),
  ]
}

export function createApps(config: Config, vaults: VaultStore): Apps {
  const operator: EffectiveApp = Object.freeze({
    binding: null,
    vault: null,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    codeClient: config.codeClient,
    authUrl: config.authUrl,
    baseUrl: config.baseUrl,
    service: config.service,
  })
  const isOn = config.byoApp === 'on'

  async function fromVault(call: CookieCall, trace: TraceCollector | undefined) {
    const vault = await vaults.read(call)
    if (vault === null) return operator
    noteSecrets(trace, ...vaultSecrets(vault))
    if (vault.app === null) return { ...operator, vault }
    const { app, resolved } = vault
    return {
      binding: { vault: vault.id, rev: app.rev },
      vault,
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      codeClient: config.clientCodeFlow === 'on' ? app.codeClient : null,
      authUrl: resolved.authUrl,
      baseUrl: resolved.baseUrl,
      service: resolved.emulated ? 'emulator' : 'yuque',
    } satisfies EffectiveApp
  }

  const hasVault = (call: CookieCall) => isOn && vaults.hasCookie(call.cookieHeader)

  function connectionOf(app: EffectiveApp, read: Session | null): Connection {
    const session = read !== null && isSameApp(read.app, app.binding) ? read : null
    if (session !== null) {
      const { accessToken } = session
      return { app, accessToken, session, source: 'oauth', baseUrl: app.baseUrl }
    }
    const token = app.vault?.token ?? null
    if (app.vault === null || token === null) {
      return { app, accessToken: null, session: null, source: null, baseUrl: app.baseUrl }
    }
    return {
      app,
      accessToken: token.value,
      session: null,
      source: 'personal-token',
      baseUrl: app.vault.resolved.baseUrl,
    }
  }

  return {
    vaults,
    async dropToken(call, known) {
      if (known === null && !hasVault(call)) return
      const vault = known ?? (await vaults.read(call))
      if (vault === null || vault.token === null) return
      if (vault.app === null) await vaults.forget(call, vault)
      else await vaults.write(call, vault, { service: vault.service, app: vault.app, token: null })
    },
    effectiveApp: (call, trace) =>
      hasVault(call) ? fromVault(call, trace) : Promise.resolve(operator),
    connection(call, session, trace) {
      // The operator's path: no vault cookie, no store read, no promise of its own.
      if (!hasVault(call)) return connectionOf(operator, session)
      return fromVault(call, trace).then((app) => connectionOf(app, session))
    },
  }
}
