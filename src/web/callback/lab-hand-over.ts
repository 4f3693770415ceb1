/**
 * A return to the registered redirect URI that belongs to the flow lab: the lab's editor sent the
 * browser to the authorize endpoint (src/web/lab/), and the service can only send it back to the
 * one redirect URI the app registered, `/callback`. While the lab's run cookie is set
 * (LAB_RUN_COOKIE, src/protocol/lab-run.ts: the run's id, no secret; `POST /auth/start` clears
 * it), the return is the lab's: it goes on to the lab's callback page with the same query, in
 * place of this address (Back never returns here), and the login's return does nothing with it.
 *
 * Here, in the callback's lazy code (finish-login.ts calls it first), not in main.tsx or
 * capture-callback.ts: those are in every first load (bench/bundle-budget.test.ts). The early
 * script (early-exchange.ts) sends nothing for it: the lab's state is not one this tab keeps.
 */
import { LAB_CALLBACK_PATH, LAB_RUN_COOKIE } from '../../protocol/lab-run'
import { readCookie } from '../../protocol/locale'
import type { CapturedAddress } from './capture-callback'

export interface HandOverDeps {
  /** `document.cookie`. */
  cookie: string
  /** `location.replace`. */
  replace: (url: string) => void
}

/** The browser's own, or nothing outside one (the unit tests import this module in Node). */
function browserDeps(): HandOverDeps | null {
  if (typeof document === 'undefined' || typeof location === 'undefined') return null
  return { cookie: document.cookie, replace: (url) => location.replace(url) }
}

/**
 * Hands a lab run's return to the lab's callback page; true when it did (the page is going away),
 * false when the return is the login's. The fragment stays behind: the lab asks for none, and a
 * token there (an implicit response) is never carried further.
 */
export function handOverLabReturn(
  address: CapturedAddress,
  deps: HandOverDeps | null = browserDeps(),
): boolean {
  if (deps === null) return false
  const run = readCookie(deps.cookie, LAB_RUN_COOKIE)
  if (run === null || run === '') return false
  deps.replace(`${LAB_CALLBACK_PATH}${address.search}`)
  return true
}
