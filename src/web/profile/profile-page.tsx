import { useQuery } from '@tanstack/react-query'
import { ApiErrorNotice } from '../lib/api-error-notice'
import { ConnectFirst } from '../lib/connect-first'
import { ResponseMetaLine } from '../lib/response-meta'
import { sessionQueries } from '../session/session-queries'
import { UserCard, UserCardSkeleton } from '../users/user-card'
import { userQueries } from '../users/user-queries'
import { ProfilePanels } from './profile-panels'
import '../lib/page.css'

export function ProfilePage() {
  const session = useQuery(sessionQueries.current())
  const isConnected = session.data?.connected === true
  const me = useQuery({ ...userQueries.me(), enabled: isConnected })

  return (
    <div className="page">
      <title>Profile · Yuque OAuth Playground</title>
      <header className="page-head">
        <h1>Your profile</h1>
        <p className="lede">
          <span className="mono">GET /api/v2/user</span>: the account that owns the token. It needs
          no scope beyond public read-only. The panels below need one each.
        </p>
      </header>
      {session.isPending ? (
        <UserCardSkeleton />
      ) : session.isError ? (
        <ApiErrorNotice error={session.error} onRetry={() => void session.refetch()} />
      ) : !isConnected ? (
        <ConnectFirst what="Your profile" />
      ) : me.isPending ? (
        <UserCardSkeleton />
      ) : me.isError ? (
        <ApiErrorNotice
          error={me.error}
          sessionScope={session.data.connected ? session.data.scope : null}
          onRetry={() => void me.refetch()}
        />
      ) : (
        <>
          <UserCard user={me.data.data} />
          <ResponseMetaLine request="GET /api/v2/user" meta={me.data.meta} />
        </>
      )}
      {session.data?.connected === true && !me.isError && (
        // Shown (as skeletons) while the profile loads, so nothing below the card moves.
        <ProfilePanels user={me.data?.data ?? null} session={session.data} />
      )}
    </div>
  )
}
