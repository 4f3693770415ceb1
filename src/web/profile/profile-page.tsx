import { useQuery } from '@tanstack/react-query'
import { useMessages } from '../i18n/use-messages'
import { ApiErrorNotice } from '../lib/api-error-notice'
import { apiTemplateLine } from '../lib/api-call'
import { USER_ME } from '../../protocol/endpoint-rows-account'
import { ConnectFirst } from '../lib/connect-first'
import { ResponseMetaLine } from '../lib/response-meta'
import { sessionQueries } from '../session/session-queries'
import { UserCard, UserCardSkeleton } from '../lib/user-card'
import { userQueries } from '../session/user-queries'
import { profileMessages } from './messages'
import { OutOfDateNote, isOutOfDate } from '../lib/out-of-date'
import { ProfilePanels, useProfileLists, type ProfileLists } from './profile-panels'
import type { ConnectedSession } from '../../protocol/playground-common'
import '../lib/page.css'

export function ProfilePage() {
  const m = useMessages('profile', profileMessages)
  const session = useQuery(sessionQueries.current())
  // The panels need the profile's login and id, not the session: their requests leave as soon
  // as the profile is here, whichever of the two answers first (the profile may be asked for
  // beside the session: prefetch-account.ts). Read, never asked for, before the session says
  // connected; e2e/profile.spec.ts holds the session back to see it.
  const known = useQuery({ ...userQueries.me(), enabled: false })
  const lists = useProfileLists(known.data?.data ?? null)

  return (
    <div className="page">
      <title>{m.documentTitle}</title>
      <header className="page-head">
        <h1>{m.heading}</h1>
        <p className="lede">
          <span className="mono">{apiTemplateLine(USER_ME)}</span>
          {m.lede}
        </p>
      </header>
      {session.isPending ? (
        <UserCardSkeleton />
      ) : session.isError ? (
        <ApiErrorNotice error={session.error} onRetry={() => void session.refetch()} />
      ) : !session.data.connected ? (
        <ConnectFirst what={m.connectFirstWhat} />
      ) : (
        <ConnectedProfile session={session.data} lists={lists} />
      )}
    </div>
  )
}

/**
 * Mounted once the session says connected, rather than a query enabled then: the profile may
 * already have been asked for beside the session (prefetch-account.ts), and a mount keeps the
 * query client's retryOnMount: false, so a 429 that came meanwhile is not asked again at once.
 */
function ConnectedProfile({ session, lists }: { session: ConnectedSession; lists: ProfileLists }) {
  const me = useQuery(userQueries.me())
  // Kept data is shown, marked, while the service is down; other errors replace it.
  const isStale = isOutOfDate(me)
  return (
    <>
      {me.isPending ? (
        <UserCardSkeleton />
      ) : me.isError && !isStale ? (
        <ApiErrorNotice
          error={me.error}
          sessionScope={session.scope}
          onRetry={() => void me.refetch()}
        />
      ) : me.data === undefined ? null : (
        <>
          {isStale && <OutOfDateNote updatedAt={me.dataUpdatedAt} />}
          <UserCard user={me.data.data} />
          <ResponseMetaLine request={apiTemplateLine(USER_ME)} meta={me.data.meta} />
        </>
      )}
      {(!me.isError || isStale) && (
        // Shown (as skeletons) while the profile loads, so nothing below the card moves.
        <ProfilePanels lists={lists} session={session} />
      )}
    </>
  )
}
