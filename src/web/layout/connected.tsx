import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import type { ConnectedSession } from '../../protocol/playground-api'
import { missingScopes, parseScopeList } from '../../protocol/scopes'
import { ServiceText } from '../i18n/service-text'
import { useMessages } from '../i18n/use-messages'
import { apiStatusStore, useApiStatus } from '../lib/api-status-store'
import { describeApiError } from '../lib/describe-api-error'
import { logout } from '../session/login-requests'
import { sessionQueries } from '../session/session-queries'
import { announceToOtherTabs } from '../session/tab-sync'
import { UserAvatar } from '../lib/user-avatar'
import { userQueries } from '../session/user-queries'
// The flow inspector's timeline survives this page's navigations (keep-timeline.ts).
import { clearTimeline } from '../lib/keep-timeline'
import { connectedMessages } from './connected-messages'
import { appMessages } from './messages'
import './connected.css'

/**
 * What only a connected session shows, in one chunk that a first visit does not download (the
 * first-load budget, bench/bundle-budget.test.ts): the header's account part and the status bar's granted scopes. It loads
 * once the session says connected, behind the placeholders those parts show while loading.
 */

/** The header's account part: who is connected, and the Disconnect button (lazy: see app-header). */
export function ConnectedUser() {
  const m = useMessages('connected', connectedMessages)
  const { loading } = useMessages('app', appMessages).user
  const client = useQueryClient()
  const navigate = useNavigate()
  const me = useQuery(userQueries.me())
  const disconnect = useMutation({
    mutationFn: async () => {
      await logout()
      // The inspector's entries name the account (its id in a path, its scopes): they go with it.
      clearTimeline()
    },
    onSuccess: async () => {
      announceToOtherTabs('disconnected')
      // Unmount what shows the account first, so clearing the cache refetches none of it.
      client.setQueryData(sessionQueries.current().queryKey, { connected: false })
      await navigate('/')
      // docs/security.md#i2: nothing of the account stays in the page.
      client.clear()
      apiStatusStore.resetForNewSession()
      apiStatusStore.markDisconnected()
    },
  })

  return (
    <div className="header-user">
      {me.data ? (
        <span className="header-identity">
          <UserAvatar user={me.data.data} size="small" isDecorative />
          <ServiceText className="header-name" text={me.data.data.name} />
        </span>
      ) : (
        <span className="header-identity">
          <span className="avatar avatar-small skeleton" />
          <span className="header-name muted">{me.isError ? m.unknown : loading}</span>
        </span>
      )}
      {/* What Disconnect does not do (review finding: the token stays valid at the service). */}
      <button
        type="button"
        className="btn btn-small"
        onClick={() => disconnect.mutate()}
        disabled={disconnect.isPending}
        aria-describedby="disconnect-note"
        title={m.disconnectNote}
      >
        {disconnect.isPending ? m.disconnecting : m.disconnect}
      </button>
      <span id="disconnect-note" hidden>
        {m.disconnectNote}
      </span>
      {disconnect.isError && (
        <span className="header-error" role="alert">
          {describeApiError(disconnect.error).title}
        </span>
      )}
    </div>
  )
}

/** The status bar's scopes for a connected session (lazy: see status-bar.tsx). */
export function GrantedScopes({ session }: { session: ConnectedSession }) {
  const m = useMessages('app', appMessages).status
  const { grantedScopes } = useApiStatus()
  // The latest X-OAuth-Scopes is the token's truth; the real service may not send it.
  const granted = grantedScopes ?? parseScopeList(session.scope)
  const requested = parseScopeList(session.requestedScope)
  // The user may untick scopes on the consent page (RFC 6749 §3.3).
  const notGranted = missingScopes(granted, requested)
  return (
    <>
      {granted.length === 0 ? (
        <span className="chip chip-muted">{m.noScope}</span>
      ) : (
        <ul className="chips" aria-label={m.grantedScopes}>
          {granted.map((scope) => (
            <li key={scope} className="chip">
              {scope}
            </li>
          ))}
        </ul>
      )}
      {notGranted.length > 0 && (
        <span className="status-note">
          {m.requestedNotGranted({ requested: requested.join(','), missing: notGranted.join(',') })}
        </span>
      )}
    </>
  )
}
