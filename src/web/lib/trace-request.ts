/**
 * Whether the web client asks the proxy for its flow trace (protocol/trace-request.ts): only
 * while the flow inspector is open, since building the trace is a third of the proxy's work per
 * call (bench: proxy throughput). The wish is kept for this tab across page loads
 * (sessionStorage): a login leaves for the service's authorize page and comes back to /callback,
 * and the exchange it makes there is the step the open inspector most needs to see.
 *
 * The inspector says so with setTraceWanted(open). Until it does, the header's toggle tells:
 * its aria-expanded is watched from the first call on (the inspector's code is not in the first
 * load, so this module cannot ask it).
 */
const KEY = 'pg-trace-wanted'
const TOGGLE_ID = 'inspector-toggle'

let wanted: boolean | null = null
let isWatching = false

export function setTraceWanted(value: boolean): void {
  wanted = value
  try {
    if (value) sessionStorage.setItem(KEY, '1')
    else sessionStorage.removeItem(KEY)
  } catch {
    // Storage disabled: the wish lasts as long as the page.
  }
}

function readStored(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1'
  } catch {
    return false
  }
}

/** Follows the toggle's aria-expanded: opened → wanted, closed → not (see the module). */
function watchToggle(): void {
  if (isWatching || typeof MutationObserver === 'undefined') return
  isWatching = true
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.target instanceof Element && record.target.id === TOGGLE_ID) {
        setTraceWanted(record.target.getAttribute('aria-expanded') === 'true')
      }
    }
  }).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['aria-expanded'],
    subtree: true,
  })
}

/** Asked by the API client before every call (api-client.ts). */
export function isTraceWanted(): boolean {
  watchToggle()
  wanted ??= readStored()
  return wanted
}
