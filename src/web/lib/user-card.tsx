import type { ReactNode } from 'react'
import type { User } from '../../protocol/schemas'
import { formatDateTime, formatNumber } from '../i18n/format'
import { ServiceText } from '../i18n/service-text'
import { useLocale, useMessages } from '../i18n/use-messages'
import { userCardMessages } from './user-card-messages'
import { UserAvatar } from './user-avatar'
import './page.css'
import './user-card.css'

/**
 * A date in the page's language (format.ts), never the browser's inside labels of the other; the
 * exact ISO value stays in `dateTime` and the tooltip.
 */
function CardDate({ iso }: { iso: string }) {
  const locale = useLocale()
  const date = new Date(iso)
  return (
    <time dateTime={iso} title={iso}>
      {Number.isNaN(date.getTime()) ? iso : formatDateTime(locale, date)}
    </time>
  )
}

interface PropRow {
  label: string
  value: ReactNode
  isMono?: boolean
}

export function UserCard({ user }: { user: User }) {
  const m = useMessages('userCard', userCardMessages)
  const locale = useLocale()
  const count = (value: number) => formatNumber(locale, value)
  const rows: PropRow[] = [
    { label: m.fieldId, value: user.id, isMono: true },
    { label: m.fieldType, value: user.type, isMono: true },
    { label: m.fieldLogin, value: user.login, isMono: true },
    { label: m.fieldCreated, value: <CardDate iso={user.created_at} /> },
    { label: m.fieldUpdated, value: <CardDate iso={user.updated_at} /> },
  ]
  // Extras the real service sends; the seed's record does not have them.
  if (user.books_count !== undefined)
    rows.push({ label: m.fieldRepos, value: count(user.books_count) })
  if (user.public_books_count !== undefined)
    rows.push({ label: m.fieldPublicRepos, value: count(user.public_books_count) })
  if (user.followers_count !== undefined)
    rows.push({ label: m.fieldFollowers, value: count(user.followers_count) })
  if (user.following_count !== undefined)
    rows.push({ label: m.fieldFollowing, value: count(user.following_count) })
  if (user.public !== undefined) {
    // Plain words first; the raw field stays for whoever compares with the response.
    const value = (
      <>
        {m.visibility[user.public]}{' '}
        <span className="mono muted">({m.visibilityValue({ value: user.public })})</span>
      </>
    )
    rows.push({ label: m.fieldVisibility, value })
  }

  return (
    <article className="card user-card" aria-labelledby={`user-${user.id}-name`}>
      <header className="user-card-head">
        <UserAvatar user={user} size="large" label={m.avatarOf({ name: user.name })} />
        <div className="user-card-title">
          <h2 id={`user-${user.id}-name`}>
            <ServiceText text={user.name} />
          </h2>
          <p className="user-card-login mono">@{user.login}</p>
          <p className={user.description === null ? 'user-card-bio muted' : 'user-card-bio'}>
            {user.description === null ? m.noDescription : <ServiceText text={user.description} />}
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
            {user.avatar_url || m.noAvatarUrl}
          </dd>
        </div>
      </dl>
    </article>
  )
}

/**
 * Same box as UserCard, so nothing moves when the data arrives; a status with hidden text, so a
 * screen reader hears that something loads (WCAG 4.1.3, Status Messages).
 */
export function UserCardSkeleton() {
  const m = useMessages('userCard', userCardMessages)
  return (
    <div className="card user-card" role="status">
      <span className="visually-hidden">{m.loadingUser}</span>
      <div className="user-card-head" aria-hidden="true">
        <span className="avatar avatar-large skeleton" />
        <div className="user-card-title">
          <span className="skeleton skeleton-line skeleton-title" />
          <span className="skeleton skeleton-line skeleton-short" />
          <span className="skeleton skeleton-line" />
        </div>
      </div>
      <div className="props-skeleton" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <span key={index} className="skeleton skeleton-line" />
        ))}
      </div>
    </div>
  )
}
