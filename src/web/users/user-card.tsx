import type { ReactNode } from 'react'
import type { User } from '../../protocol/schemas'
import { FormattedDate } from '../lib/formatted-date'
import { UserAvatar } from './user-avatar'
import '../lib/page.css'
import './user-card.css'

const VISIBILITY: Record<0 | 1 | 2, string> = {
  0: 'private',
  1: 'public',
  2: 'visible to the space',
}

const countFormat = new Intl.NumberFormat()

interface PropRow {
  label: string
  value: ReactNode
  isMono?: boolean
}

export function UserCard({ user }: { user: User }) {
  const rows: PropRow[] = [
    { label: 'id', value: user.id, isMono: true },
    { label: 'type', value: user.type, isMono: true },
    { label: 'login', value: user.login, isMono: true },
    { label: 'created', value: <FormattedDate iso={user.created_at} /> },
    { label: 'updated', value: <FormattedDate iso={user.updated_at} /> },
  ]
  // Extras the real service sends; the seed's record does not have them.
  if (user.books_count !== undefined)
    rows.push({ label: 'repositories', value: countFormat.format(user.books_count) })
  if (user.public_books_count !== undefined)
    rows.push({ label: 'public repositories', value: countFormat.format(user.public_books_count) })
  if (user.followers_count !== undefined)
    rows.push({ label: 'followers', value: countFormat.format(user.followers_count) })
  if (user.following_count !== undefined)
    rows.push({ label: 'following', value: countFormat.format(user.following_count) })
  if (user.public !== undefined)
    rows.push({ label: 'visibility', value: `${VISIBILITY[user.public]} (${user.public})` })

  return (
    <article className="card user-card" aria-labelledby={`user-${user.id}-name`}>
      <header className="user-card-head">
        <UserAvatar user={user} size="large" />
        <div className="user-card-title">
          <h2 id={`user-${user.id}-name`}>{user.name}</h2>
          <p className="user-card-login mono">@{user.login}</p>
          <p className={user.description === null ? 'user-card-bio muted' : 'user-card-bio'}>
            {user.description ?? 'No description'}
          </p>
        </div>
      </header>
      <dl className="props">
        {rows.map((row) => (
          <div className="props-row" key={row.label}>
            <dt>{row.label}</dt>
            <dd className={row.isMono ? 'mono' : undefined}>{row.value}</dd>
          </div>
        ))}
        <div className="props-row">
          <dt>avatar_url</dt>
          <dd className="mono truncate" title={user.avatar_url}>
            {user.avatar_url || '—'}
          </dd>
        </div>
      </dl>
    </article>
  )
}

/** Same box as UserCard, so nothing moves when the data arrives. */
export function UserCardSkeleton() {
  return (
    <div className="card user-card" aria-busy="true" aria-label="Loading the user">
      <div className="user-card-head">
        <span className="avatar avatar-large skeleton" />
        <div className="user-card-title">
          <span className="skeleton skeleton-line skeleton-title" />
          <span className="skeleton skeleton-line skeleton-short" />
          <span className="skeleton skeleton-line" />
        </div>
      </div>
      <div className="props-skeleton">
        {Array.from({ length: 6 }, (_, index) => (
          <span key={index} className="skeleton skeleton-line" />
        ))}
      </div>
    </div>
  )
}
