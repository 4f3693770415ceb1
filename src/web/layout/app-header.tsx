import { lazy, Suspense, useLayoutEffect, useRef, type RefObject } from 'react'
import { useQuery } from '@tanstack/react-query'
import { NavLink, useLocation } from 'react-router-dom'
import { useLocale, useMessages } from '../i18n/use-messages'
import { LoadingStatus } from '../lib/loading-status'
import { sessionQueries } from '../session/session-queries'
import { LanguageSwitcher } from './language-switcher'
import { appMessages } from './messages'
// The avatar's styles, loaded with the layout as before: their place in the cascade (ahead of
// base.css) decides how the avatar skeleton looks, so they do not wait for ConnectedUser's chunk.
import '../lib/user-card.css'

/**
 * Only a connected session shows it, so a first visit does not download it (with the logout
 * mutation, the avatar and the error texts it needs): the first-load budget (bench/bundle-budget.test.ts). It loads once the
 * session says connected, behind the same placeholder it shows while the user loads.
 */
const ConnectedUser = lazy(() => import('./connected').then((m) => ({ default: m.ConnectedUser })))

/** ConnectedUser's own loading state, shown while its code arrives. */
function ConnectedUserPlaceholder() {
  const m = useMessages('app', appMessages)
  return (
    <div className="header-user">
      <LoadingStatus label={m.user.loadingLabel} className="header-identity">
        <span className="avatar avatar-small skeleton" />
        <span className="header-name muted">{m.user.loading}</span>
      </LoadingStatus>
    </div>
  )
}

const NAV = [
  { to: '/', label: 'connect', end: true },
  { to: '/me', label: 'profile', end: true },
  { to: '/hello', label: 'hello', end: true },
  { to: '/users', label: 'users', end: false },
  { to: '/scopes', label: 'scopes', end: true },
  { to: '/explore', label: 'explorer', end: true },
  { to: '/lab', label: 'lab', end: false },
  { to: '/app', label: 'yourApp', end: true },
] as const

/**
 * On a phone the nav is one row that scrolls sideways (layout.css): the current page's tab is
 * brought into it after each navigation and language change, and again when the row's size
 * changes (a web font arriving widens the labels, a phone turns), never left cut off at the edge
 * (e2e/phone.spec.ts). Only the row scrolls, not the page: its scrollLeft is set directly.
 */
function useCurrentTabInView(lang: string): RefObject<HTMLElement | null> {
  const nav = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  useLayoutEffect(() => {
    const row = nav.current
    if (!row) return
    const bringIn = () => {
      const tab = row.querySelector<HTMLElement>('a[aria-current="page"]')
      if (!tab || row.scrollWidth <= row.clientWidth) return
      const margin = parseFloat(getComputedStyle(row).scrollPaddingInlineStart) || 0
      const rowBox = row.getBoundingClientRect()
      const tabBox = tab.getBoundingClientRect()
      if (tabBox.left < rowBox.left + margin) {
        row.scrollLeft -= rowBox.left + margin - tabBox.left
      } else if (tabBox.right > rowBox.right - margin) {
        row.scrollLeft += tabBox.right - (rowBox.right - margin)
      }
    }
    bringIn()
    if (typeof ResizeObserver === 'undefined') return
    const resized = new ResizeObserver(bringIn)
    resized.observe(row)
    if (row.firstElementChild) resized.observe(row.firstElementChild)
    return () => resized.disconnect()
  }, [pathname, lang])
  return nav
}

export function AppHeader() {
  const m = useMessages('app', appMessages)
  const session = useQuery(sessionQueries.current())
  const nav = useCurrentTabInView(useLocale())
  return (
    <header className="app-header">
      <div className="app-header-inner">
        <NavLink to="/" className="brand" end>
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span>
            {m.brandName} <span className="brand-sub">{m.brandSub}</span>
          </span>
        </NavLink>
        <nav aria-label={m.mainNav} className="main-nav" ref={nav}>
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end}>
                  {m.nav[item.label]}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* The inspector mounts itself outside this tree when first opened (inspector-root.tsx):
            its code, and even its open state, stay out of the first load (the first-load budget). */}
        <button
          id="inspector-toggle"
          type="button"
          className="btn btn-small"
          aria-expanded="false"
          onClick={() =>
            void import('../inspector/inspector-root').then((m) => m.toggleInspector())
          }
        >
          {m.inspector}
        </button>
        <LanguageSwitcher />
        {session.data?.connected === true && (
          <Suspense fallback={<ConnectedUserPlaceholder />}>
            <ConnectedUser />
          </Suspense>
        )}
      </div>
    </header>
  )
}
