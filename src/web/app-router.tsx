import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import type { LoginReturn } from './callback/finish-login'
import { loadLabMessages } from './i18n/i18n-store'
import { useMessages } from './i18n/use-messages'
import { AppLayout } from './layout/app-layout'
import { appMessages } from './layout/messages'
import { PageErrorPage, RootErrorPage } from './layout/root-error-page'

/** The page's head the server put in the shell it sent (src/proxy/shell/page-head-contract.ts). */
export interface ShellHead {
  className: string
  html: string
}

/** Read from the shell before React replaces it; null on a page the server gives no head. */
export function readShellHead(root: ParentNode): ShellHead | null {
  const page = root.querySelector('#main > div[class^="page"]')
  const head = page?.querySelector(':scope > header.page-head')
  return page && head ? { className: page.className, html: head.innerHTML } : null
}

/**
 * While the first page's chunk loads: its loading line, under the page's head when the shell
 * had one, so that the head painted with the shell stays where it is until the page draws the
 * same (scripts/page-heads/render.tsx renders it from the page itself). On a callback the line
 * says what the wait is for: the callback route's loader waits for the code exchange
 * (callback/finish-login.ts), which a distant service can make last seconds.
 */
function AppLoading({
  shellHead,
  isCallback,
}: {
  shellHead: ShellHead | null
  isCallback: boolean
}) {
  const m = useMessages('app', appMessages)
  const loading = <p className="app-loading">{isCallback ? m.exchangingCode : m.loadingApp}</p>
  if (shellHead === null) return loading
  return (
    <div className={shellHead.className}>
      {/* The server's own markup, read back from the page it sent: nothing new is parsed. */}
      <header className="page-head" dangerouslySetInnerHTML={{ __html: shellHead.html }} />
      {loading}
    </div>
  )
}

/**
 * The flow lab's page waits for its Chinese when Chinese is the language (i18n/lab.zh.ts):
 * `messages` starts as the page's chunk is asked for, and the two load side by side.
 */
const withLabMessages =
  (messages: Promise<void>) =>
  async <T,>(page: T): Promise<T> => {
    await messages
    return page
  }

/**
 * Each page is its own chunk; the layout (header and indicators) is in the main bundle. `login`:
 * the login's return this page life started from a callback's address (main.tsx), else null.
 */
export function createAppRouter(shellHead: ShellHead | null, login: Promise<LoginReturn> | null) {
  return createBrowserRouter(appRoutes(shellHead, login))
}

export function appRoutes(
  shellHead: ShellHead | null = null,
  login: Promise<LoginReturn> | null = null,
): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      errorElement: <RootErrorPage />,
      children: [
        {
          errorElement: <PageErrorPage />,
          // While the first page's chunk loads, the layout is already drawn around this (as
          // index.html's static shell draws it before any script runs): nothing moves later.
          hydrateFallbackElement: <AppLoading shellHead={shellHead} isCallback={login !== null} />,
          children: [
            {
              index: true,
              lazy: () =>
                import('./connect/connect-page').then((m) => ({ Component: m.ConnectPage })),
            },
            {
              path: 'callback',
              lazy: () =>
                import('./callback/callback-page').then((m) => ({ Component: m.CallbackPage })),
              // A login that connected goes on to its landing path, the page not drawn; the page
              // shows what did not succeed (callback/finish-login.ts, step 6).
              loader: async () => (login === null ? null : (await login).land()),
            },
            {
              path: 'connect/client-code',
              lazy: () =>
                import('./client-code/client-code-page').then((m) => ({
                  Component: m.ClientCodePage,
                })),
            },
            {
              path: 'me',
              lazy: () =>
                import('./profile/profile-page').then((m) => ({ Component: m.ProfilePage })),
            },
            {
              path: 'scopes',
              lazy: () => import('./scopes/scopes-page').then((m) => ({ Component: m.ScopesPage })),
            },
            {
              path: 'hello',
              lazy: () => import('./hello/hello-page').then((m) => ({ Component: m.HelloPage })),
            },
            {
              path: 'users/:key?',
              lazy: () =>
                import('./users/user-lookup-page').then((m) => ({ Component: m.UserLookupPage })),
            },
            {
              path: 'explore',
              lazy: () =>
                import('./explorer/explorer-page').then((m) => ({ Component: m.ExplorerPage })),
            },
            {
              path: 'app',
              lazy: () =>
                import('./your-app/your-app-page').then((m) => ({ Component: m.YourAppPage })),
            },
            {
              path: 'lab',
              lazy: () =>
                import('./lab/lab-page')
                  .then(withLabMessages(loadLabMessages()))
                  .then((m) => ({ Component: m.LabPage })),
            },
            {
              // Where a run of the lab's editor comes back (callback/lab-hand-over.ts); its loader
              // takes the query out of the address bar and finishes the run once. The lab's one
              // chunk: the lab's modules shared by two chunks would join other pages' (the route
              // budget, bench/bundle-budget.test.ts).
              path: 'lab/callback',
              lazy: () =>
                import('./lab/lab-page').then(withLabMessages(loadLabMessages())).then((m) => ({
                  Component: m.LabCallbackPage,
                  loader: m.labCallbackLoader,
                })),
            },
            {
              path: '*',
              lazy: () =>
                import('./layout/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
            },
          ],
        },
      ],
    },
  ]
}
