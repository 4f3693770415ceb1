import type { QueryClient } from '@tanstack/react-query'
import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { useMessages } from './i18n/use-messages'
import { AppLayout } from './layout/app-layout'
import { appMessages } from './layout/messages'
import { PageErrorPage, RootErrorPage } from './layout/root-error-page'
import { prefetchAccount } from './session/prefetch-account'

/** While the first page's chunk loads. */
function AppLoading() {
  return <p className="app-loading">{useMessages('app', appMessages).loadingApp}</p>
}

/** Each page is its own chunk; the layout (header and indicators) is in the main bundle. */
export function createAppRouter(client: QueryClient) {
  return createBrowserRouter(appRoutes(client))
}

export function appRoutes(client: QueryClient): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      errorElement: <RootErrorPage />,
      children: [
        {
          errorElement: <PageErrorPage />,
          // While the first page's chunk loads, the layout is already drawn around this (as
          // index.html's static shell draws it before any script runs): nothing moves later.
          hydrateFallbackElement: <AppLoading />,
          // Starts the session and account reads with the page's chunk, not after it: returns
          // at once, so it holds nothing up (see prefetch-account.ts).
          loader: () => prefetchAccount(client),
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
