/**
 * The user's avatar, in its own module: the header (first load) shows it, while the rest of
 * user-card.tsx belongs to the lazy pages that show a whole card (the first-load budget, bench/bundle-budget.test.ts).
 * The stylesheet stays whole and in the first load, as before: the cascade order between it and
 * base.css (`.skeleton-line` after `.skeleton-title`) is unchanged.
 */
import { useState } from 'react'
import type { User } from '../../protocol/schemas'
import './user-card.css'

interface UserAvatarProps {
  user: User
  size: 'small' | 'large'
  /** Next to the user's name already: the image adds nothing for a screen reader. */
  isDecorative?: boolean
  /**
   * The text alternative, in the page's language, from the caller (user-card.tsx): this module is
   * in the first load (the header), and the users catalog is not.
   */
  label?: string
}

export function UserAvatar({ user, size, isDecorative = false, label }: UserAvatarProps) {
  const [hasFailed, setHasFailed] = useState(false)
  const initial = (user.name.trim() || user.login).charAt(0).toUpperCase()
  const pixels = size === 'large' ? 72 : 28
  if (hasFailed || user.avatar_url === '') {
    return (
      <span
        className={`avatar avatar-${size} avatar-fallback`}
        {...(isDecorative
          ? { 'aria-hidden': true }
          : { role: 'img', 'aria-label': label ?? user.name })}
      >
        {initial}
      </span>
    )
  }
  return (
    <img
      className={`avatar avatar-${size}`}
      src={user.avatar_url}
      alt={isDecorative ? '' : (label ?? user.name)}
      width={pixels}
      height={pixels}
      referrerPolicy="no-referrer"
      onError={() => setHasFailed(true)}
    />
  )
}
