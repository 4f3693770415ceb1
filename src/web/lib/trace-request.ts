/**
 * Whether the web client asks the proxy for its flow trace (protocol/trace-request.ts): only
 * while the flow inspector is open, since building the trace is a third of the proxy's work per
 * call (bench: proxy throughput). The wish is kept for this tab across page loads
 * (sessionStorage): a login leaves for the service's authorize page and comes back to /callback,
 * and the exchange it makes there is the step the open inspector most needs to see.
 *
 * The inspector says so with setTraceWanted(open) when it opens and closes
 * (inspector/inspector-root.tsx); the wish outlives a reload until the panel is closed, so the
 * steps of a login started with the panel open are traced when the panel is opened again.
 */
const KEY = 'pg-trace-wanted'

let wanted: boolean | null = null

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

/** Asked by the API client before every call (api-client.ts). */
export function isTraceWanted(): boolean {
  wanted ??= readStored()
  return wanted
}
