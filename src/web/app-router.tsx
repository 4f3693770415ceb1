import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { AppLayout } from './layout/app-layout'
import { PageErrorPage, RootErrorPage } from './layout/root-error-page'

/** The page area while a page's code loads: the same as index.html's static shell shows. */
export const PAGE_LOADING = <p className="app-loading">Loading the playground…</p>

/** Each page is its own chunk; the layout (header and indicators) is in the main bundle. */
export function createAppRouter() {
  return createBrowserRouter(appRoutes())
}

export function appRoutes(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      errorElement: <RootErrorPage />,
      children: [
        {
          errorElement: <PageErrorPage />,
          // While the first page's chunk loads, the layout is already drawn around this (as
          // index.html's static shell draws it before any script runs): nothing moves later.
          hydrateFallbackElement: PAGE_LOADING,
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
              path: 'hello',
              lazy: () => import('./hello/hello-page').then((m) => ({ Component: m.HelloPage })),
            },
            {
              path: 'users/:key?',
              lazy: () =>
                import('./users/user-lookup-page').then((m) => ({ Component: m.UserLookupPage })),
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
