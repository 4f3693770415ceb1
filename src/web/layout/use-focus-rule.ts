import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { focusHeadingWhenDrawn, isFocusLost, watchLostFocus } from './focus-heading'

/**
 * The layout's one implementation of the focus rule (focus-heading.ts): on a new path (a link,
 * the callback's redirect, Cancel, Disconnect), on a same-path navigation that took the focused
 * element away, and whenever the focused element is removed (a session-ended 401, a re-keyed
 * form), the h1 takes focus. The first load keeps the browser's
 * own focus. Returns the text for the route announcer (a polite status region).
 */
export function useFocusRule(): string {
  const location = useLocation()
  const [announcement, setAnnouncement] = useState('')
  const previousPath = useRef<string | null>(null)

  useEffect(() => {
    const previous = previousPath.current
    previousPath.current = location.pathname
    if (previous === null) return
    if (previous === location.pathname && !isFocusLost()) return
    return focusHeadingWhenDrawn((heading) =>
      setAnnouncement(document.title || (heading.textContent ?? '')),
    )
    // location.key: every navigation, even to the same path (Disconnect on the Connect page).
  }, [location.key, location.pathname])

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
