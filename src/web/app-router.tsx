import { createBrowserRouter } from 'react-router-dom'
import { AppLayout } from './layout/app-layout'
import { PageErrorPage, RootErrorPage } from './layout/root-error-page'

/** Each page is its own chunk; the layout (header and indicators) is in the main bundle. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <AppLayout />,
      errorElement: <RootErrorPage />,
      hydrateFallbackElement: <p className="app-loading">Loading the playground…</p>,
      children: [
        {
          errorElement: <PageErrorPage />,
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
              path: '*',
              lazy: () =>
                import('./layout/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
            },
          ],
        },
      ],
    },
  ])
}
