/**
 * The two names the login's callback code needs of the flow lab (src/web/callback/lab-hand-over.ts),
 * apart from lab-api.ts, which re-exports them: that module builds its schemas as it loads, and
 * the callback's chunk would carry them all (bench/bundle-budget.test.ts, the route budget).
 */

/**
 * The cookie a lab run leaves for the callback page (readable by the page, no secret in it: the
 * run's id): a return to the registered redirect URI while it is set belongs to the lab, which
 * the callback's code hands to `/lab/callback`. `POST /auth/start` clears it: the last flow
 * started wins.
 */
export const LAB_RUN_COOKIE = 'pg_lab_run'
export const LAB_CALLBACK_PATH = '/lab/callback'
