import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { SCOPES, parseScopeList, type ScopeInfo } from '../../protocol/scopes'
import { useLocale, useMessages } from '../i18n/use-messages'
import { useApiStatus } from '../lib/api-status-store'
import { connectHref } from '../lib/connect-link'
import { sessionQueries } from '../session/session-queries'
import { standingOf, type ScopeStanding } from '../lib/scope-check'
import { scopesMessages } from './messages'
import { publicUses, usesOfScope, type ScopeUse } from '../lib/scope-uses'
import { EXPLORER_PATH, explorerOperationsFor } from './explorer-uses'
import { formatNumber } from '../i18n/format'
import '../lib/page.css'
import './scopes-page.css'

/** What the session's token asked for and holds. */
interface TokenScopes {
  requested: string[]
  granted: string[]
  grantedFrom: 'header' | 'session'
}

/** The token's scopes, or why there are none to show. */
type TokenView = TokenScopes | 'checking' | 'not connected'

type Messages = typeof scopesMessages

/** What a scope allows, in the page's language; the protocol's English for a name we lack. */
function meaningOf(m: Messages, scope: ScopeInfo): string {
  const meanings: Partial<Record<string, string>> = m.meaning
  return meanings[scope.name] ?? scope.meaning
}

function StandingText({ standing }: { standing: ScopeStanding }) {
  const m = useMessages('scopes', scopesMessages)
  if (standing.kind === 'granted') return <span className="standing standing-yes">{m.yes}</span>
  if (standing.kind === 'implied') {
    return (
      <span className="standing standing-yes">
        {m.through} <code>{standing.by}</code>
      </span>
    )
  }
  return <span className="standing standing-no">{m.no}</span>
}

function UsedBy({
  uses,
  explorerOperations = 0,
}: {
  uses: readonly ScopeUse[]
  /** The explorer's operations the scope serves (explorer-uses.ts). */
  explorerOperations?: number
}) {
  const m = useMessages('scopes', scopesMessages)
  const locale = useLocale()
  if (uses.length === 0 && explorerOperations === 0) {
    return <span className="muted">{m.noView}</span>
  }
  return (
    <ul className="scope-uses">
      {uses.map((use) => (
        <li key={use.id}>
          <Link to={use.path}>{m.view[use.id]}</Link>{' '}
          <span className="mono muted">
            {use.request}
            {use.scope === null ? '' : m.needsScope({ scope: use.scope })}
          </span>
        </li>
      ))}
      {explorerOperations > 0 && (
        <li>
          <Link to={EXPLORER_PATH}>{m.explorerView}</Link>{' '}
          <span className="muted">
            {m.explorerOperations({
              count: explorerOperations,
              shown: formatNumber(locale, explorerOperations),
            })}
          </span>
        </li>
      )}
    </ul>
  )
}

function Standing({
  token,
  scope,
  held,
}: {
  token: TokenView
  scope: string
  held: 'requested' | 'granted'
}) {
  const m = useMessages('scopes', scopesMessages)
  if (typeof token === 'string') {
    return <span className="muted">{token === 'checking' ? m.checking : m.notConnected}</span>
  }
  return <StandingText standing={standingOf(scope, token[held])} />
}

const HELD_FACTS = ['requested', 'granted'] as const

function ScopeRow({ scope, token }: { scope: ScopeInfo; token: TokenView }) {
  const m = useMessages('scopes', scopesMessages)
  const titleId = `scope-row-${scope.name}`
  return (
    <li>
      <article className="card scope-row" aria-labelledby={titleId}>
        <header className="scope-row-head">
          <h2 id={titleId}>
            <code>{scope.name}</code>
          </h2>
          <p>
            {meaningOf(m, scope)}
            {m.ledeEnd}
          </p>
          {scope.implies.length > 0 && (
            <p className="field-hint">
              {m.includes} <code>{scope.implies.join(', ')}</code>
              {m.ledeEnd}
            </p>
          )}
          {scope.needsApproval && <p className="field-hint">{m.needsApproval}</p>}
        </header>
        <dl className="scope-facts">
          {HELD_FACTS.map((held) => (
            <div key={held}>
              <dt>{m[held]}</dt>
              <dd>
                <Standing token={token} scope={scope.name} held={held} />
              </dd>
            </div>
          ))}
          <div className="scope-facts-wide">
            <dt>{m.usedBy}</dt>
            <dd>
              <UsedBy
                uses={usesOfScope(scope.name)}
                explorerOperations={explorerOperationsFor(scope.name)}
              />
            </dd>
          </div>
        </dl>
      </article>
    </li>
  )
}

function TokenSummary({ token }: { token: TokenView }) {
  const m = useMessages('scopes', scopesMessages)
  if (token === 'checking') {
    // A status with its text visible (WCAG 4.1.3), not aria-busy on a role-less box.
    return (
      <div className="card scope-summary" role="status">
        <p className="muted">{m.checking}</p>
      </div>
    )
  }
  if (token === 'not connected') {
    return (
      <div className="card scope-summary">
        <p>{m.notConnectedText}</p>
        <p className="notice-actions">
          <Link className="btn btn-primary" to={connectHref('/scopes')}>
            {m.goToConnect}
          </Link>
        </p>
      </div>
    )
  }
  // Plain words for an empty list, not a bare "(none)".
  const list = (scopes: readonly string[]) =>
    scopes.length === 0 ? (
      <span>{m.noScopes}</span>
    ) : (
      <span className="mono">{scopes.join(',')}</span>
    )
  return (
    <div className="card scope-summary">
      <dl className="props">
        <div className="props-row">
          <dt>{m.summaryRequested}</dt>
          <dd>{list(token.requested)}</dd>
        </div>
        <div className="props-row">
          <dt>{m.summaryGranted}</dt>
          <dd>
            {list(token.granted)}{' '}
            <span className="muted">
              {token.grantedFrom === 'header' ? m.grantedFromHeader : m.grantedFromSession}
            </span>
          </dd>
        </div>
      </dl>
      <p className="notice-actions">
        <Link className="btn" to={connectHref('/scopes', token.granted)}>
          {m.askForMore}
        </Link>
      </p>
    </div>
  )
}

export function ScopesPage() {
  const m = useMessages('scopes', scopesMessages)
  const session = useQuery(sessionQueries.current())
  const { grantedScopes } = useApiStatus()
  const current = session.data?.connected === true ? session.data : null
  const token: TokenView = session.isPending
    ? 'checking'
    : current === null
      ? 'not connected'
      : {
          requested: parseScopeList(current.requestedScope),
          // The latest X-OAuth-Scopes is the token's truth; the real service may not send it.
          granted: grantedScopes ?? parseScopeList(current.scope),
          grantedFrom: grantedScopes === null ? 'session' : 'header',
        }

  return (
    <div className="page">
      <title>{m.documentTitle}</title>
      <header className="page-head">
        <h1>{m.heading}</h1>
        <p className="lede">
          {m.ledeStart}
          <code>:read</code>
          {m.ledeMiddle}
          <code>doc</code>
          {m.ledeGrants}
          <code>doc:read</code>
          {m.ledeEnd}
        </p>
      </header>
      <TokenSummary token={token} />
      <ul className="scope-rows">
        <li className="scope-row-none">
          <article className="card scope-row" aria-labelledby="scope-row-none">
            <header className="scope-row-head">
              <h2 id="scope-row-none">{m.noScopeTitle}</h2>
              <p>
                {m.noScopeMeaning}
                {m.ledeEnd}
              </p>
            </header>
            <dl className="scope-facts">
              <div className="scope-facts-wide">
                <dt>{m.usedBy}</dt>
                <dd>
                  <UsedBy uses={publicUses()} />
                </dd>
              </div>
            </dl>
          </article>
        </li>
        {SCOPES.map((scope) => (
          <ScopeRow key={scope.name} scope={scope} token={token} />
        ))}
      </ul>
    </div>
  )
}
