import { useEffect, useRef, useState } from 'react'
import { useLocation, useMatches } from 'react-router-dom'
import { focusHeadingWhenDrawn, isFocusLost, watchLostFocus } from './focus-heading'

/**
 * The layout's one implementation of the focus rule (focus-heading.ts): on a new path (a link,
 * the callback's redirect, Cancel, Disconnect), on a same-page navigation that took the focused
 * element away, and whenever the focused element is removed (a session-ended 401, a re-keyed
 * form), the h1 takes focus. The first load keeps the browser's own focus. A page that only
 * writes its own state into the address (the user lookup: /users to /users/bob, the same route)
 * keeps the focus where the user is and announces its result itself (e2e/user-lookup.spec.ts
 * "a successful lookup is announced and focus stays in the form"). Returns the text for the
 * route announcer (a polite status region).
 */
export function useFocusRule(): string {
  const location = useLocation()
  const matches = useMatches()
  // The deepest matched route is the page: its id stays the same while only its params change.
  const page = matches.at(-1)?.id ?? location.pathname
  const [announcement, setAnnouncement] = useState('')
  const previousPage = useRef<string | null>(null)

  useEffect(() => {
    const previous = previousPage.current
    previousPage.current = page
    if (previous === null) return
    if (previous === page && !isFocusLost()) return
    return focusHeadingWhenDrawn((heading) =>
      setAnnouncement(document.title || (heading.textContent ?? '')),
    )
    // location.key: every navigation, even to the same path (Disconnect on the Connect page).
  }, [location.key, page])

  useEffect(() => {
    const root = document.getElementById('root')
    if (root === null) return
    let stopWaiting = () => {}
    const stopWatching = watchLostFocus(root, () => {
      stopWaiting()
      stopWaiting = focusHeadingWhenDrawn(() => {})
    })
    return () => {
      stopWatching()
      stopWaiting()
    }
  }, [])

  return announcement
}
