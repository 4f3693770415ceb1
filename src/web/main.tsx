import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { RouterProvider } from 'react-router-dom'
import { captureCallbackFromAddressBar } from './session/capture-address'
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
  // Before anything else: an OAuth callback's code and state leave the address bar now.
  const isCallback = captureCallbackFromAddressBar()

  // The shared client imports no feature (eslint.config.js): the features that watch every answer
  // are wired here, and so is the timeline's pagehide listener (modules do nothing on import).
  listenToResponses()
  // A chunk of its own (the first load's budget); entries recorded before it arrives are kept in
  // the recorder and written at pagehide all the same.
  void import('./lib/keep-timeline').then((timeline) => timeline.keepTimelineAcrossLoads())

  const queryClient = createQueryClient()
  // A callback's code exchange left before this ran (the callback's early script, decision 0011),
  // or leaves now where that script did not run; its answer fills the cache (exchange-once.ts;
  // bench: the login round trip). Its own chunk: the login's code is not in every first load.
  if (isCallback) {
    void import('./callback/exchange-once').then((exchange) =>
      exchange.exchangeFromAddressBar(queryClient),
    )
  }
  // A Disconnect, a login or an ended session in another tab shows in this one (tab-sync.ts); a
  // chunk of its own, as the timeline's (the first load's budget, bench/bundle-budget.test.ts).
  const tabsInStep = import('./session/tab-sync').then((tabs) => {
    tabs.keepTabsInStep(queryClient)
  })
  // The account's first read leaves in this task, before any page's chunk has arrived
  // (prefetch-account.ts); a callback reads none before its exchange.
  prefetchAccount(queryClient)
  if (isCallback) {
    // The callback's route tells the other tabs of the login as soon as its exchange is done,
    // and the exchange may be done already (decision 0011): told before this tab's channel is
    // open, they would never hear it (announceToOtherTabs; e2e/tabs.spec.ts, "an incremental
    // grant in one tab shows the new scope in the other", failed so on a loaded machine). Its
    // router starts once the channel is open, or once its chunk failed to come.
    const start = () => startRouter(queryClient, true)
    void tabsInStep.then(start, start)
    return
  }
  // The router starts in the next task: the read (the session hint in document.cookie, the
  // request) and the router's start were the two halves of one task of 45–110 ms on a cold /me
  // at 4× CPU slowdown.
  setTimeout(() => startRouter(queryClient, false), 0)
}

function startRouter(queryClient: QueryClient, isCallback: boolean): void {
  const container = document.getElementById('root')
  if (container === null) throw new Error('index.html has no #root element')
  const router = createAppRouter(
    queryClient,
    readShellHead(container),
    isCallback ? 'callback' : 'app',
  )

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
