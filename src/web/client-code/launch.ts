/**
 * Starting the client-code flow from a click: the new tab for the authorize page, and what the
 * waiting screen is handed through the router's location state (kept in `history.state`, so a
 * reload of the waiting screen still knows its flow).
 */
import { z } from 'zod/mini'
import { ClientCodeStartResponseSchema } from '../../protocol/playground-api'

export const CLIENT_CODE_PATH = '/connect/client-code'

export const LaunchStateSchema = z.object({
  start: ClientCodeStartResponseSchema,
  /** Epoch ms when the proxy answered the start: the elapsed-time bar counts from here. */
  startedAt: z.number(),
  /** The scopes ticked on the connect page, to pre-tick them when starting again. */
  scopes: z.array(z.string()),
  /** False when the browser blocked the new tab: the waiting screen then offers a link. */
  isTabOpened: z.boolean(),
})
export type LaunchState = z.infer<typeof LaunchStateSchema>

/** History state is whatever was stored there: parsed, never cast. */
export function readLaunchState(state: unknown): LaunchState | null {
  const parsed = LaunchStateSchema.safeParse(state)
  return parsed.success ? parsed.data : null
}

/**
 * Opens an empty tab now, while the click still counts as a user gesture (popup blockers allow
 * `window.open` only then, and the start request's answer arrives after the gesture has passed),
 * and points it at the authorize page once the proxy has signed the request.
 *
 * It cannot be opened with `noopener`: that returns no handle to navigate later. Instead the
 * handle's `opener` is cut before it leaves for the service, so the service's page (another
 * site) cannot reach back into this one (reverse tabnabbing); the app's
 * `Cross-Origin-Opener-Policy: same-origin` severs it as well once the tab is cross-origin.
 */
export interface AuthorizeTab {
  /** Returns false when there is no tab to navigate (blocked, or closed by the user). */
  navigate(path: string): boolean
  close(): void
}

export function openAuthorizeTab(
  open: typeof window.open = window.open.bind(window),
): AuthorizeTab {
  const tab = open('', '_blank')
  if (tab !== null) tab.opener = null
  return {
    navigate(path) {
      if (tab === null || tab.closed) return false
      tab.location.replace(path)
      return true
    },
    close() {
      if (tab !== null && !tab.closed) tab.close()
    },
  }
}
