import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { NO_SCOPE_MEANING, SCOPES, parseScopeList, type ScopeInfo } from '../../protocol/scopes'
import { useApiStatus } from '../lib/api-status-store'
import { connectHref } from '../lib/connect-link'
import { sessionQueries } from '../session/session-queries'
import { standingOf, type ScopeStanding } from './scope-check'
import { publicUses, usesOfScope, type ScopeUse } from './scope-uses'
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

function StandingText({ standing }: { standing: ScopeStanding }) {
  if (standing.kind === 'granted') return <span className="standing standing-yes">yes</span>
  if (standing.kind === 'implied') {
    return (
      <span className="standing standing-yes">
        through <code>{standing.by}</code>
      </span>
    )
  }
  return <span className="standing standing-no">no</span>
}

function UsedBy({ uses }: { uses: readonly ScopeUse[] }) {
  if (uses.length === 0) return <span className="muted">no view of the playground</span>
  return (
    <ul className="scope-uses">
      {uses.map((use) => (
        <li key={use.id}>
          <Link to={use.path}>{use.view}</Link>{' '}
          <span className="mono muted">
            {use.request}
            {use.scope === null ? '' : ` (needs ${use.scope})`}
          </span>
        </li>
      ))}
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
  if (typeof token === 'string') return <span className="muted">{token}</span>
  return <StandingText standing={standingOf(scope, token[held])} />
}

const HELD_FACTS = [
  { label: 'Requested', held: 'requested' },
  { label: 'Granted', held: 'granted' },
] as const

function ScopeRow({ scope, token }: { scope: ScopeInfo; token: TokenView }) {
  const titleId = `scope-row-${scope.name}`
  return (
    <li>
      <article className="card scope-row" aria-labelledby={titleId}>
        <header className="scope-row-head">
          <h2 id={titleId}>
            <code>{scope.name}</code>
          </h2>
          <p>{scope.meaning}.</p>
          {scope.implies.length > 0 && (
            <p className="field-hint">
              Includes <code>{scope.implies.join(', ')}</code>.
            </p>
          )}
          {scope.needsApproval && (
            <p className="field-hint">
              Not open by default: the service operator must enable it for the app.
            </p>
          )}
        </header>
        <dl className="scope-facts">
          {HELD_FACTS.map(({ label, held }) => (
            <div key={held}>
              <dt>{label}</dt>
              <dd>
                <Standing token={token} scope={scope.name} held={held} />
              </dd>
            </div>
          ))}
          <div className="scope-facts-wide">
            <dt>Used by</dt>
            <dd>
              <UsedBy uses={usesOfScope(scope.name)} />
            </dd>
          </div>
        </dl>
      </article>
    </li>
  )
}

function TokenSummary({ token }: { token: TokenView }) {
  if (token === 'checking') {
    return (
      <div className="card scope-summary" aria-busy="true">
        <p className="muted">Checking the session…</p>
      </div>
    )
  }
  if (token === 'not connected') {
    return (
      <div className="card scope-summary">
        <p>
          Not connected: a visitor has public read-only access. Connect to see which scopes a token
          holds.
        </p>
        <p className="notice-actions">
          <Link className="btn btn-primary" to={connectHref('/scopes')}>
            Go to Connect
          </Link>
        </p>
      </div>
    )
  }
  const list = (scopes: readonly string[]) => (scopes.length === 0 ? '(none)' : scopes.join(','))
  return (
    <div className="card scope-summary">
      <dl className="props">
        <div className="props-row">
          <dt>requested</dt>
          <dd className="mono">{list(token.requested)}</dd>
        </div>
        <div className="props-row">
          <dt>granted</dt>
          <dd>
            <span className="mono">{list(token.granted)}</span>{' '}
            <span className="muted">
              {token.grantedFrom === 'header'
                ? '(X-OAuth-Scopes of the latest response)'
                : '(the token endpoint’s answer; no response has carried X-OAuth-Scopes yet)'}
            </span>
          </dd>
        </div>
      </dl>
      <p className="notice-actions">
        <Link className="btn" to={connectHref('/scopes', token.granted)}>
          Ask for more scopes
        </Link>
      </p>
    </div>
  )
}

export function ScopesPage() {
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
      <title>Scopes · Yuque OAuth Playground</title>
      <header className="page-head">
        <h1>Scopes</h1>
        <p className="lede">
          Every scope of the service: what it allows, whether this session asked for it and holds
          it, and which views of the playground need it. A full scope includes its{' '}
          <code>:read</code> variant, so <code>doc</code> grants <code>doc:read</code>.
        </p>
      </header>
      <TokenSummary token={token} />
      <ul className="scope-rows">
        <li className="scope-row-none">
          <article className="card scope-row" aria-labelledby="scope-row-none">
            <header className="scope-row-head">
              <h2 id="scope-row-none">No scope</h2>
              <p>{NO_SCOPE_MEANING}.</p>
            </header>
            <dl className="scope-facts">
              <div className="scope-facts-wide">
                <dt>Used by</dt>
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
