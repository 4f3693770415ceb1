/**
 * The focus rule (WCAG 2.4.3 Focus Order, 4.1.3 Status Messages): after every navigation, focus
 * moves to the new page's h1 and the page is announced, so a keyboard or screen reader user is
 * never left on <body>. Pages draw their h1 late (a lazy chunk, a loading state), so it is
 * awaited for a while. e2e/focus.spec.ts holds the rule.
 */

/** How long a page may take to draw its h1 after a navigation. */
const HEADING_WAIT_MS = 5_000

/** Focuses `#main h1` now or once it is drawn; returns the function that stops waiting. */
export function focusHeadingWhenDrawn(onFocused: (heading: HTMLElement) => void): () => void {
  const main = document.getElementById('main')
  if (main === null) return () => {}
  const focus = (): boolean => {
    const heading = main.querySelector('h1')
    if (heading === null) return false
    // Focusable by script, not in the tab order.
    heading.tabIndex = -1
    heading.focus()
    onFocused(heading)
    return true
  }
  if (focus()) return () => {}
  const observer = new MutationObserver(() => {
    if (focus()) stop()
  })
  const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS)
  const stop = () => {
    observer.disconnect()
    window.clearTimeout(timer)
  }
  observer.observe(main, { childList: true, subtree: true })
  return stop
}

/** Whether focus was lost: on <body>, or on nothing (its element was removed). */
export function isFocusLost(): boolean {
  const active = document.activeElement
  return active === null || active === document.body || !active.isConnected
}

/**
 * Calls `onLost` when the focused element is removed from the page (a re-keyed form, a button
 * that unmounts with a session-ended 401), which leaves focus on <body>: browsers fire no event
 * for it, so the last focused element is remembered and checked after each change of the DOM.
 */
export function watchLostFocus(root: HTMLElement, onLost: () => void): () => void {
  let lastFocused: Element | null = null
  const remember = (event: FocusEvent) => {
    if (event.target instanceof Element) lastFocused = event.target
  }
  const observer = new MutationObserver(() => {
    if (lastFocused !== null && !lastFocused.isConnected && isFocusLost()) {
      lastFocused = null
      onLost()
    }
  })
  document.addEventListener('focusin', remember)
  observer.observe(root, { childList: true, subtree: true })
  return () => {
    document.removeEventListener('focusin', remember)
    observer.disconnect()
  }
}
