import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { RouterProvider } from 'react-router-dom'
import type { LoginReturn } from './callback/finish-login'
import { captureCallbackFromAddressBar } from './callback/capture-callback'
import { createAppRouter, readShellHead } from './app-router'
import { initialLocale, setLocale } from './i18n/i18n-store'
import { createQueryClient } from './query-client'
import { listenToResponses } from './response-listeners'
import { prefetchAccount } from './session/prefetch-account'
import './lib/base.css'

/**
 * The app starts in tasks of its own, after the one in which the browser evaluated the first
 * load's modules (React, the router, the query client and the app's own, ~350 kB). Together they
 * were one long task, 184–325 ms on a cold /me at 4× CPU slowdown; apart, two of 77–245 and
 * 54–145 ms (`npm run bench:long-tasks`, eight loads each). Total Blocking Time, Lighthouse's
 * largest weight on a phone, counts what each task holds beyond 50 ms; in between, the browser
 * may paint the static shell and answer input. The boot itself is two tasks (startRouter, below):
 * the long tasks of a cold /me went from 325–334 to 260–267 ms, of /explore from 316 to 240 ms
 * (medians of 8–10 loads each, the two builds interleaved). setTimeout(…, 0) is not clamped
 * outside nested timers: nothing waits for it.
 */
function boot(): void {
  // Before anything else: an OAuth callback's code and state leave the address bar now (the
  // login's return, step 2: callback/finish-login.ts lists the steps).
  const callbackAddress = captureCallbackFromAddressBar()

  // The shared client imports no feature (eslint.config.js): the features that watch every answer
  // are wired here, and so is the timeline's pagehide listener (modules do nothing on import).
  listenToResponses()
  // A chunk of its own (the first load's budget); entries recorded before it arrives are kept in
  // the recorder and written at pagehide all the same.
  void import('./lib/keep-timeline').then((timeline) => timeline.keepTimelineAcrossLoads())

  const queryClient = createQueryClient()
  // A Disconnect, a login or an ended session in another tab shows in this one (tab-sync.ts); a
  // chunk of its own, as the timeline's (the first load's budget, bench/bundle-budget.test.ts).
  const tabsInStep = import('./session/tab-sync').then((tabs) => {
    tabs.keepTabsInStep(queryClient)
  })
  // On a callback, the login's return; its own chunk: the login's code is not in every first load.
  const login =
    callbackAddress === null
      ? null
      : import('./callback/finish-login').then((callback) =>
          callback.finishLogin(callbackAddress, { client: queryClient, tabsInStep }),
        )
  if (login === null) {
    // The account's first read leaves in this task, before any page's chunk has arrived
    // (prefetch-account.ts).
    prefetchAccount(queryClient)
  } else {
    // Where a login usually lands, connected: the profile page, the header's account and the
    // rate-limit meter load while the code is exchanged (docs/decisions/0011-early-code-exchange.md).
    void import('./profile/profile-page')
    void import('./layout/connected')
    void import('./layout/api-notices')
  }
  // The router starts in the next task: the read (the session hint in document.cookie, the
  // request) and the router's start were the two halves of one task of 45–110 ms on a cold /me
  // at 4× CPU slowdown.
  setTimeout(() => startRouter(queryClient, login), 0)
}

function startRouter(queryClient: QueryClient, login: Promise<LoginReturn> | null): void {
  const container = document.getElementById('root')
  if (container === null) throw new Error('index.html has no #root element')
  const router = createAppRouter(readShellHead(container), login)

  const root = createRoot(container)
  // index.html's static shell is on screen already; in a transition React renders the app in
  // small slices that leave the main thread free between them, instead of one long task
  // (bench: Total Blocking Time on a phone).
  const render = () =>
    startTransition(() => {
      root.render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </StrictMode>,
      )
    })
  // English renders at once; Chinese once its chunk is here, so the first render is already in
  // the language of the shell the server sent (docs/decisions/0009-i18n.md): no English flash.
  const locale = initialLocale()
  if (locale === 'en') render()
  else void setLocale(locale, { remember: false }).then(render, render)
}
setTimeout(boot, 0)
