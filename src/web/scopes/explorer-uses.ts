/**
 * The explorer's operations a scope serves: every row of the endpoint table (endpoints.ts) whose
 * scope it is or implies. The explorer calls any of them, so a scope no other view needs (`doc`,
 * `topic`) is still used by the playground. Apart from lib/scope-uses.ts, so that the profile's
 * chunk does not take the whole table; the scopes page is a chunk of its own.
 */
import { ENDPOINTS } from '../../protocol/endpoints'
import { implies } from '../../protocol/scopes'

/** Where the scopes page links for the explorer (its own address, app-router.tsx). */
export const EXPLORER_PATH = '/explore'

/** How many of the explorer's operations a token holding `scope` may call for it. */
export function explorerOperationsFor(scope: string): number {
  return ENDPOINTS.filter((endpoint) => endpoint.scope !== null && implies(scope, endpoint.scope))
    .length
}
