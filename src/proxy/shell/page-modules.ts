/**
 * The code each page of the web app loads as it starts, named by source path as the build's
 * manifest names it (`vite build`, `build.manifest`). The server announces these in the page's
 * shell (`<link rel="modulepreload">`, page-preload.ts) so that they download beside the first
 * load's chunk instead of after it has run: a page's chunk is only asked for once the router has
 * matched, and a callback's exchange once its chunk has come (bench: the login round trip;
 * Lighthouse's Largest Contentful Paint on a phone).
 *
 * A fact of the build that the shell reads, so it lives with the shell: the web app imports
 * none of it (its router names its pages literally, for the bundler), and src/protocol holds
 * only what the browser and the servers share at run time. The build's own tooling (scripts/,
 * bench/) and the tests' manifest (src/testing/test-manifest.ts) read it here too.
 *
 * src/web/app-router.tsx imports each page's module by these paths; page-modules.test.ts holds
 * the two together. A module the build does not have stops the server at start
 * (page-preload.ts), so a rename cannot leave a dead link behind.
 */
import type { Locale } from '../../protocol/locale'

export const PAGES = {
  connect: 'src/web/connect/connect-page.tsx',
  callback: 'src/web/callback/callback-page.tsx',
  clientCode: 'src/web/client-code/client-code-page.tsx',
  profile: 'src/web/profile/profile-page.tsx',
  scopes: 'src/web/scopes/scopes-page.tsx',
  hello: 'src/web/hello/hello-page.tsx',
  users: 'src/web/users/user-lookup-page.tsx',
  explorer: 'src/web/explorer/explorer-page.tsx',
  yourApp: 'src/web/your-app/your-app-page.tsx',
  lab: 'src/web/lab/lab-page.tsx',
  notFound: 'src/web/layout/not-found-page.tsx',
} as const

/** Each route of app-router.tsx: its path as the router writes it, and its page's module. */
export const PAGE_ROUTES: readonly { path: string; module: string }[] = [
  { path: '/', module: PAGES.connect },
  { path: '/callback', module: PAGES.callback },
  { path: '/connect/client-code', module: PAGES.clientCode },
  { path: '/me', module: PAGES.profile },
  { path: '/scopes', module: PAGES.scopes },
  { path: '/hello', module: PAGES.hello },
  { path: '/users/:key?', module: PAGES.users },
  { path: '/explore', module: PAGES.explorer },
  { path: '/app', module: PAGES.yourApp },
  { path: '/lab', module: PAGES.lab },
  { path: '/lab/callback', module: PAGES.lab },
  { path: '*', module: PAGES.notFound },
]

/** What every page asks for as it starts: its first request's checks and the session's schema. */
const EVERY_PAGE = [
  'src/web/lib/validate.ts',
  'src/protocol/session-schemas.ts',
  'src/web/session/tab-sync.ts',
]
/** What a connected page draws around the page: the header's account, the rate-limit meter. */
const CONNECTED = ['src/web/layout/connected.tsx', 'src/web/layout/api-notices.ts']
/**
 * A callback finishes the login (finish-login.ts) and usually lands on the profile, connected:
 * what src/web/main.tsx loads as the app starts on a callback.
 */
const CALLBACK = ['src/web/callback/finish-login.ts', PAGES.profile, ...CONNECTED]

/**
 * The callback's own small script (an entry of the build, vite.config.ts): the server puts it
 * first in the `/callback` shell, `async`, so that the code exchange leaves as soon as the script
 * is here, before the app has booted (docs/decisions/0011-early-code-exchange.md).
 */
export const CALLBACK_EARLY_ENTRY = 'src/web/callback/early-exchange.ts'

/** Every module this table names: the server checks each against the build as it starts. */
export const ALL_PAGE_MODULES: readonly string[] = [
  ...new Set([
    CALLBACK_EARLY_ENTRY,
    'src/web/i18n/zh.ts',
    ...PAGE_ROUTES.map((route) => route.module),
    ...CALLBACK,
    ...EVERY_PAGE,
  ]),
]

/** The module of the page the router shows at `pathname`. */
export function pageModule(pathname: string): string {
  // React Router matches without case and ignores a trailing slash.
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1')
  if (path === '/users' || /^\/users\/[^/]+$/.test(path)) return PAGES.users
  return PAGE_ROUTES.find((route) => route.path === path)?.module ?? PAGES.notFound
}

/** The scripts of its own a page at `pathname` runs as it starts (page-preload.ts `scriptsFor`). */
export function pageScripts(pathname: string): string[] {
  return pageModule(pathname) === PAGES.callback ? [CALLBACK_EARLY_ENTRY] : []
}

/**
 * The modules a page at `pathname` loads as it starts, in the order it needs them: its page
 * first, then what every page needs. `connected` is the connected hint cookie's word
 * (docs/decisions/0006-connected-hint-cookie.md); `locale` the shell's language (a Chinese
 * page renders once its catalogs are here: docs/decisions/0009-i18n.md).
 */
export function pageModules(
  pathname: string,
  options: { connected: boolean; locale: Locale },
): string[] {
  const page = pageModule(pathname)
  const modules = [
    ...(options.locale === 'zh-CN' ? ['src/web/i18n/zh.ts'] : []),
    page,
    ...(page === PAGES.callback ? CALLBACK : []),
    // A login leaves from here and comes back to /callback, whose first script this is: it is
    // in the browser's cache by then (fetched, not run).
    ...(page === PAGES.connect ? [CALLBACK_EARLY_ENTRY] : []),
    ...EVERY_PAGE,
    ...(options.connected ? CONNECTED : []),
  ]
  return [...new Set(modules)]
}
