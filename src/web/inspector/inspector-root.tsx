/**
 * Opens and closes the flow inspector. The header's toggle imports this module on its first
 * click, so none of the inspector is in the first load (the first-load budget, bench/bundle-budget.test.ts): the panel
 * gets a React root of its own beside the app's, and this module keeps the toggle's
 * `aria-expanded` in step with it.
 */
import { StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { InspectorPanel } from './inspector-panel'
import { setTraceWanted } from '../lib/trace-request'
import { INSPECTOR_OPEN_CLASS } from './open-state'

/** The header's button (app-header.tsx). */
const TOGGLE_ID = 'inspector-toggle'
/** From 1024 px wide the page makes room for the panel instead of sliding under it. */
const OPEN_CLASS = INSPECTOR_OPEN_CLASS

let open: { root: Root; container: HTMLElement } | null = null

function closeInspector(): void {
  if (open === null) return
  open.root.unmount()
  open.container.remove()
  open = null
  document.documentElement.classList.remove(OPEN_CLASS)
  setTraceWanted(false)
  const toggle = document.getElementById(TOGGLE_ID)
  toggle?.setAttribute('aria-expanded', 'false')
  toggle?.focus()
}

export function toggleInspector(): void {
  if (open !== null) {
    closeInspector()
    return
  }
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  open = { root, container }
  document.documentElement.classList.add(OPEN_CLASS)
  // From now on every call asks the proxy for its trace (lib/trace-request.ts).
  setTraceWanted(true)
  document.getElementById(TOGGLE_ID)?.setAttribute('aria-expanded', 'true')
  root.render(
    <StrictMode>
      <InspectorPanel onClose={closeInspector} />
    </StrictMode>,
  )
}
