/** @jsxImportSource hono/jsx */
/** The personal access tokens page: the new token once, the creation form, the list. */
import type { ScopeInfo } from '../protocol/scopes'
import { ScopeCheckboxes } from './scope-list'
import { WhoAmI, type SignedInUser } from './who-am-i'

export interface PersonalTokenRow {
  fingerprint: string
  label: string | null
  scopes: string[]
  createdAt: string
}

export function TokensPage(props: {
  user: SignedInUser
  csrf: string
  scopes: readonly ScopeInfo[]
  newToken: string | null
  newTokenScopes: string[]
  tokens: PersonalTokenRow[]
}) {
  return (
    <>
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
        <ScopeCheckboxes scopes={props.scopes} checked={false} />
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
    </>
  )
}
