/** @jsxImportSource hono/jsx */
/** The personal access tokens page: the new token once, the creation form, the list. */
import type { ScopeInfo } from '../../protocol/scopes'
import type { EmulatorMessages } from './messages'
import type { PageLocale } from './page-locale'
import { LangField } from './page-shell'
import { ScopeCheckboxes } from './scope-list'
import { WhoAmI, type SignedInUser } from './who-am-i'

export interface PersonalTokenRow {
  fingerprint: string
  label: string | null
  scopes: string[]
  createdAt: string
}

export function TokensPage(props: {
  m: EmulatorMessages
  lang: PageLocale | null
  user: SignedInUser
  csrf: string
  scopes: readonly ScopeInfo[]
  newToken: string | null
  newTokenScopes: string[]
  tokens: PersonalTokenRow[]
}) {
  const m = props.m.tokens
  return (
    <>
      <h1>{m.title}</h1>
      <WhoAmI m={props.m} lang={props.lang} user={props.user} csrf={props.csrf} requestId={null} />
      {props.newToken === null ? null : (
        <section aria-labelledby="new-token">
          <h2 id="new-token">{m.newToken}</h2>
          <div class="ok" role="status">
            {m.copyBefore}
            <code>X-Auth-Token</code>
            {m.copyAfter}
          </div>
          <p class="token" data-token>
            {props.newToken}
          </p>
          <p class="muted">
            {props.newTokenScopes.length === 0
              ? m.scopesNone
              : m.scopesOf({ scopes: props.newTokenScopes.join(', ') })}
          </p>
        </section>
      )}
      <form id="create-token" method="post" action="/settings/tokens">
        <input type="hidden" name="csrf" value={props.csrf} />
        <LangField lang={props.lang} />
        <label class="field" for="label">
          {m.note}
        </label>
        <input
          id="label"
          name="label"
          type="text"
          maxlength={100}
          placeholder={m.notePlaceholder}
        />
        <h2>{m.scopes}</h2>
        <ScopeCheckboxes m={props.m} scopes={props.scopes} checked={false} />
        <div class="actions">
          <button type="submit" class="primary">
            {m.create}
          </button>
        </div>
      </form>
      {props.tokens.length === 0 ? null : (
        <section aria-labelledby="tokens">
          <h2 id="tokens">{m.yours}</h2>
          <table>
            <thead>
              <tr>
                <th>{m.token}</th>
                <th>{m.note}</th>
                <th>{m.scopes}</th>
                <th>{m.created}</th>
              </tr>
            </thead>
            <tbody>
              {props.tokens.map((token) => (
                <tr>
                  <td>
                    <code>{`#${token.fingerprint}`}</code>
                  </td>
                  <td>{token.label ?? ''}</td>
                  <td>{token.scopes.length === 0 ? m.none : token.scopes.join(', ')}</td>
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
