/** @jsxImportSource hono/jsx */
/**
 * The emulator's HTML pages: sign-in, consent, client-code result, personal tokens, errors.
 * No script at all; one inline stylesheet allowed by a per-response CSP nonce.
 */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Child, FC } from 'hono/jsx'
import { raw } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import { NO_SCOPE_MEANING, type ScopeInfo } from '../protocol/scopes'
import { randomBase64Url, type RandomFill } from './secrets'

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;background:#f4f6f8;color:#1f2328}
header{background:#fff;border-bottom:1px solid #e3e6ea;padding:12px 24px;display:flex;align-items:center;gap:10px}
header .logo{width:28px;height:28px;border-radius:7px;background:#00b96b;color:#fff;display:grid;place-items:center;font-weight:700}
header .brand{font-weight:600}
header .tag{margin-left:auto;font-size:12px;color:#59636e;border:1px solid #d0d7de;border-radius:999px;padding:2px 10px}
main{max-width:480px;margin:40px auto;padding:0 16px}
.card{background:#fff;border:1px solid #e3e6ea;border-radius:12px;padding:28px;box-shadow:0 1px 2px rgba(0,0,0,.04)}
h1{font-size:21px;margin:0 0 8px}
h2{font-size:15px;margin:24px 0 8px}
p{margin:8px 0}
.muted{color:#59636e;font-size:13px}
label.field{display:block;font-weight:600;margin:14px 0 4px}
input[type=text],input[type=password]{width:100%;padding:9px 11px;border:1px solid #d0d7de;border-radius:8px;font:inherit}
input:focus,button:focus{outline:2px solid #0969da;outline-offset:1px}
button{font:inherit;border-radius:8px;padding:9px 16px;border:1px solid #d0d7de;background:#f6f8fa;cursor:pointer}
button.primary{background:#00b96b;border-color:#00a05d;color:#fff;font-weight:600}
button.danger{background:#fff;color:#cf222e;border-color:#cf222e}
.actions{display:flex;gap:10px;margin-top:20px}
.actions button{flex:1}
.error{background:#fff1f0;border:1px solid #ffccc7;color:#a8071a;border-radius:8px;padding:10px 12px;margin:12px 0}
.ok{background:#effaf3;border:1px solid #b7ebc6;color:#135200;border-radius:8px;padding:10px 12px;margin:12px 0}
ul.scopes{list-style:none;padding:0;margin:8px 0;border:1px solid #e3e6ea;border-radius:8px}
ul.scopes li{padding:10px 12px;border-top:1px solid #e3e6ea}
ul.scopes li:first-child{border-top:0}
ul.scopes label{display:flex;gap:10px;align-items:flex-start;cursor:pointer}
ul.scopes code{font-weight:600}
.demo{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}
.demo form{margin:0}
.demo button{padding:6px 12px;font-size:14px}
.who{display:flex;align-items:center;gap:10px;margin:14px 0;padding:10px 12px;background:#f6f8fa;border-radius:8px}
.who img{width:32px;height:32px;border-radius:50%}
.who form{margin-left:auto}
.who button{padding:4px 10px;font-size:13px}
.token{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;word-break:break-all;background:#f6f8fa;border:1px dashed #8c959f;border-radius:8px;padding:10px 12px}
table{width:100%;border-collapse:collapse;font-size:14px}
th,td{text-align:left;padding:6px 4px;border-top:1px solid #e3e6ea}
fieldset{border:0;padding:0;margin:0}
legend{padding:0;margin-bottom:4px}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}
`

/** What a JSX element is at the type level in hono/jsx. */
export type Html = HtmlEscapedString | Promise<HtmlEscapedString>

interface PageOptions {
  status?: ContentfulStatusCode
  /** Origins (or schemes) a form on this page may end up at after a redirect. */
  formTargets?: string[]
}

/**
 * Sends a page with the headers every emulator page carries: CSP with `frame-ancestors 'none'`
 * and X-Frame-Options against clickjacking of consent (RFC 9700 §4.16), no-referrer so that
 * the authorize URL's parameters never travel in a Referer, and no-store.
 */
export async function sendPage(
  c: Context,
  random: RandomFill,
  render: (nonce: string) => Html,
  { status = 200, formTargets = [] }: PageOptions = {},
): Promise<Response> {
  const nonce = randomBase64Url(random, 16)
  // Chrome applies form-action to every hop of a form's redirect chain (w3c/webappsec-csp#8),
  // so the consent form's 303 to the client needs the client's origin listed here.
  const formAction = ["'self'", ...formTargets].join(' ')
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ')
  // A JSX node renders to a string (or a promise of one, for async components).
  const body = '<!DOCTYPE html>' + (await (await render(nonce)).toString())
  return c.html(body, status, {
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    'Cross-Origin-Opener-Policy': 'same-origin',
  })
}

/** The origin form-action must allow for a redirect URI (a scheme for private-use schemes). */
export function formTargetOf(redirectUri: string): string {
  try {
    const url = new URL(redirectUri)
    return url.origin === 'null' ? url.protocol : url.origin
  } catch {
    return "'none'"
  }
}

const Layout: FC<{ title: string; nonce: string; children?: Child }> = ({
  title,
  nonce,
  children,
}) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="referrer" content="no-referrer" />
      <title>{`${title} · Yuque emulator`}</title>
      {/* A constant stylesheet: raw, or its quotes would be escaped into invalid CSS. */}
      <style nonce={nonce}>{raw(STYLE)}</style>
    </head>
    <body>
      <header>
        <span class="logo" aria-hidden="true">
          Y
        </span>
        <span class="brand">Yuque</span>
        <span class="tag">Local emulator</span>
      </header>
      <main>
        <div class="card">{children}</div>
      </main>
    </body>
  </html>
)

export function ErrorPage(props: {
  nonce: string
  title: string
  message: string
  hint?: string
}): Html {
  return (
    <Layout title={props.title} nonce={props.nonce}>
      <h1>{props.title}</h1>
      <div class="error" role="alert">
        {props.message}
      </div>
      {props.hint === undefined ? null : <p class="muted">{props.hint}</p>}
    </Layout>
  )
}

export interface DemoUser {
  login: string
  name: string
  password: string
}

export function SignInPage(props: {
  nonce: string
  appName: string | null
  requestId: string | null
  error: string | null
  login: string
  demoUsers: DemoUser[]
}): Html {
  const hidden =
    props.requestId === null ? null : <input type="hidden" name="request" value={props.requestId} />
  return (
    <Layout title="Sign in" nonce={props.nonce}>
      <h1>Sign in</h1>
      <p class="muted">
        {props.appName === null
          ? 'Sign in to manage your personal access tokens.'
          : `to continue to ${props.appName}`}
      </p>
      {props.error === null ? null : (
        <div class="error" role="alert">
          {props.error}
        </div>
      )}
      <form id="sign-in" method="post" action="/session">
        {hidden}
        <label class="field" for="login">
          Login
        </label>
        <input
          id="login"
          name="login"
          type="text"
          autocomplete="username"
          required
          value={props.login}
        />
        <label class="field" for="password">
          Password
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="current-password"
          required
        />
        <div class="actions">
          <button type="submit" class="primary">
            Sign in
          </button>
        </div>
      </form>
      {props.demoUsers.length === 0 ? null : (
        <section aria-labelledby="demo-users">
          <h2 id="demo-users">Demo users</h2>
          <p class="muted">
            Every demo user's password is <code>password</code>. Sign in with one click:
          </p>
          <div class="demo">
            {props.demoUsers.map((user) => (
              <form method="post" action="/session">
                {hidden}
                <input type="hidden" name="login" value={user.login} />
                <input type="hidden" name="password" value={user.password} />
                <button type="submit">{`Sign in as ${user.name} (@${user.login})`}</button>
              </form>
            ))}
          </div>
        </section>
      )}
    </Layout>
  )
}

interface SignedInUser {
  login: string
  name: string
  avatarUrl: string
}

const WhoAmI: FC<{ user: SignedInUser; csrf: string; requestId: string | null }> = ({
  user,
  csrf,
  requestId,
}) => (
  <div class="who">
    <img src={user.avatarUrl} alt="" />
    <div>
      <div>
        <strong>{user.name}</strong>
      </div>
      <div class="muted">@{user.login}</div>
    </div>
    <form method="post" action="/session/end">
      <input type="hidden" name="csrf" value={csrf} />
      {requestId === null ? null : <input type="hidden" name="request" value={requestId} />}
      <button type="submit">Not you? Sign out</button>
    </form>
  </div>
)

export function ConsentPage(props: {
  nonce: string
  appName: string
  appDescription: string | null
  user: SignedInUser
  csrf: string
  requestId: string
  scopes: ScopeInfo[]
  returnsToApp: boolean
}): Html {
  return (
    <Layout title={`Authorize ${props.appName}`} nonce={props.nonce}>
      <h1>{`Authorize ${props.appName}`}</h1>
      {props.appDescription === null ? null : <p class="muted">{props.appDescription}</p>}
      <WhoAmI user={props.user} csrf={props.csrf} requestId={props.requestId} />
      <form id="consent" method="post" action="/oauth2/authorize/decision">
        <input type="hidden" name="request" value={props.requestId} />
        <input type="hidden" name="csrf" value={props.csrf} />
        {props.scopes.length === 0 ? (
          <p>
            <strong>{props.appName}</strong>
            {` asks for no scope: it gets read-only access to public information. `}
            <span class="muted">{`(${NO_SCOPE_MEANING}.)`}</span>
          </p>
        ) : (
          <fieldset>
            <legend>
              <strong>{props.appName}</strong> asks for these permissions. Untick any you do not
              want to grant.
            </legend>
            <ul class="scopes">
              {props.scopes.map((scope) => (
                <li>
                  <label>
                    <input type="checkbox" name="scope" value={scope.name} checked />
                    <span>
                      <code>{scope.name}</code>
                      <br />
                      <span class="muted">{scope.meaning}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <div class="actions">
          <button type="submit" name="decision" value="deny" class="danger">
            Deny
          </button>
          <button type="submit" name="decision" value="approve" class="primary">
            Authorize
          </button>
        </div>
        <p class="muted">
          {props.returnsToApp
            ? 'You will be sent back to the app.'
            : 'The app is waiting for your answer; you can close this tab afterwards.'}
        </p>
      </form>
    </Layout>
  )
}

export function ClientCodeResultPage(props: {
  nonce: string
  appName: string
  approved: boolean
  scopes: string[]
}): Html {
  return (
    <Layout title={props.approved ? 'Authorized' : 'Access denied'} nonce={props.nonce}>
      {props.approved ? (
        <>
          <h1>{`${props.appName} is authorized`}</h1>
          <div class="ok" role="status">
            {`You may now return to the app: ${props.appName} will finish signing in by itself.`}
          </div>
          <p class="muted">
            {props.scopes.length === 0
              ? 'Granted: read-only access to public information.'
              : `Granted scopes: ${props.scopes.join(', ')}.`}
          </p>
        </>
      ) : (
        <>
          <h1>Access denied</h1>
          <div class="error" role="status">
            {`You denied ${props.appName} access to your account. You may return to the app.`}
          </div>
        </>
      )}
      <p class="muted">You can close this tab.</p>
    </Layout>
  )
}

export interface PersonalTokenRow {
  fingerprint: string
  label: string | null
  scopes: string[]
  createdAt: string
}

export function TokensPage(props: {
  nonce: string
  user: SignedInUser
  csrf: string
  scopes: readonly ScopeInfo[]
  newToken: string | null
  newTokenScopes: string[]
  tokens: PersonalTokenRow[]
}): Html {
  return (
    <Layout title="Personal access tokens" nonce={props.nonce}>
      <h1>Personal access tokens</h1>
      <WhoAmI user={props.user} csrf={props.csrf} requestId={null} />
      {props.newToken === null ? null : (
        <section aria-labelledby="new-token">
          <h2 id="new-token">Your new token</h2>
          <div class="ok" role="status">
            Copy it now: it is shown only once. Send it in the <code>X-Auth-Token</code> header.
          </div>
          <p class="token" data-token>
            {props.newToken}
          </p>
          <p class="muted">
            {props.newTokenScopes.length === 0
              ? 'Scopes: none (public information only).'
              : `Scopes: ${props.newTokenScopes.join(', ')}`}
          </p>
        </section>
      )}
      <form id="create-token" method="post" action="/settings/tokens">
        <input type="hidden" name="csrf" value={props.csrf} />
        <label class="field" for="label">
          Note
        </label>
        <input id="label" name="label" type="text" maxlength={100} placeholder="What is it for?" />
        <h2>Scopes</h2>
        <ul class="scopes">
          {props.scopes.map((scope) => (
            <li>
              <label>
                <input type="checkbox" name="scope" value={scope.name} />
                <span>
                  <code>{scope.name}</code>
                  <br />
                  <span class="muted">{scope.meaning}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        <div class="actions">
          <button type="submit" class="primary">
            Create token
          </button>
        </div>
      </form>
      {props.tokens.length === 0 ? null : (
        <section aria-labelledby="tokens">
          <h2 id="tokens">Your tokens</h2>
          <table>
            <thead>
              <tr>
                <th>Token</th>
                <th>Note</th>
                <th>Scopes</th>
                <th>Created</th>
              </tr>
            </thead>
            <tbody>
              {props.tokens.map((token) => (
                <tr>
                  <td>
                    <code>{`#${token.fingerprint}`}</code>
                  </td>
                  <td>{token.label ?? ''}</td>
                  <td>{token.scopes.length === 0 ? '(none)' : token.scopes.join(', ')}</td>
                  <td>{token.createdAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </Layout>
  )
}
