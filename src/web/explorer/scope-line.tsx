/**
 * The scope an operation needs beside what the session holds, with Grant: the consent page
 * brings the user back to this form as it stands (returnTo; e2e/explorer.spec.ts, Grant).
 */
import { useQuery } from '@tanstack/react-query'
import { useLocation } from 'react-router-dom'
import type { Endpoint } from '../../protocol/endpoints'
import { ApiErrorNotice } from '../lib/api-error-notice'
import { checkScopes } from '../lib/scope-check'
import { sessionQueries } from '../session/session-queries'
import { useStartLogin } from '../session/use-start-login'
import { useMessages } from '../i18n/use-messages'
import { explorerMessages } from './messages'

export function ScopeLine({
  endpoint,
  currentSearch,
}: {
  endpoint: Endpoint
  /** The form's inputs as search params: the address may not have caught up with the typing. */
  currentSearch: () => string
}) {
  const m = useMessages('explorer', explorerMessages)
  const session = useQuery(sessionQueries.current())
  const location = useLocation()
  const { start, isRedirecting } = useStartLogin()
  if (session.data?.connected !== true) {
    return (
      <p className="explorer-scope">
        {m.needs({ scope: <code>{endpoint.scope ?? m.noScope}</code> })} · {m.notConnected}
        {endpoint.needsSession && m.connectFirst}
      </p>
    )
  }
  const check = checkScopes({
    declared: endpoint.scope ?? '',
    accepted: [],
    grantedHeader: null,
    sessionScope: session.data.scope,
    requestedScope: session.data.requestedScope,
  })
  const isMissing = endpoint.scope !== null && !check.isGranted
  const grant = () =>
    start.mutate({
      scopes: check.requestScopes,
      returnTo: `${location.pathname}?${currentSearch()}`,
    })
  return (
    <div className="explorer-scope">
      <p>
        {m.needs({ scope: <code>{endpoint.scope ?? m.noScope}</code> })}
        {m.sessionHolds({ scope: <code>{session.data.scope || m.noScopes}</code> })}{' '}
        {isMissing ? (
          <span className="scope-state-missing">{m.missing}</span>
        ) : (
          <span className="scope-state-held">{m.covered}</span>
        )}
      </p>
      {isMissing && check.canRequest && (
        <p>
          <button
            type="button"
            className="btn btn-small"
            onClick={grant}
            disabled={start.isPending || isRedirecting}
          >
            {start.isPending || isRedirecting
              ? m.opening
              : m.grant({ scope: endpoint.scope ?? '' })}
          </button>{' '}
          <span className="field-hint">{m.comeBack}</span>
        </p>
      )}
      {start.isError && <ApiErrorNotice error={start.error} onRetry={grant} />}
    </div>
  )
}
