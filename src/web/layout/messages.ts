/** The app namespace's English messages (src/web/i18n/catalog.ts says how to write them). */
export const appMessages = {
  skipLink: 'Skip to content',
  brandName: 'Yuque OAuth',
  brandSub: 'Playground',
  mainNav: 'Main',
  nav: {
    connect: 'Connect',
    profile: 'Profile',
    hello: 'Hello',
    users: 'Users',
    scopes: 'Scopes',
    explorer: 'Explorer',
    lab: 'Flow lab',
    yourApp: 'Your app',
  },
  inspector: 'Inspector',
  /** The switcher names the other language in that language (WCAG 3.1.2: marked with its lang). */
  switchTo: '中文',
  switchToLabel: '切换到中文 (Switch to Chinese)',
  loadingApp: 'Loading the playground…',
  /** While a callback's code is exchanged, before the page it leads to (decision 0011). */
  exchangingCode: 'Completing the connection: exchanging the code with the service…',
  routeAnnounced: (p: { title: string }) => `${p.title}, page loaded`,
  /** The header's account while it loads; the rest is connected-messages.ts's. */
  user: {
    loading: 'loading…',
    loadingLabel: 'Loading the connected account…',
  },
  status: {
    region: 'Token status',
    scopes: 'Scopes',
    rateLimit: 'Rate limit',
    service: 'Service',
    checking: 'checking…',
    unknown: 'unknown',
    unknownTitle: 'No consistent X-RateLimit headers yet (the service may send none)',
    notConnected: 'not connected · public data only',
    noScope: 'no scope — public read-only',
    grantedScopes: 'Granted scopes',
    requestedNotGranted: (p: { requested: string; missing: string }) =>
      `requested ${p.requested}, not granted ${p.missing}`,
    emulator: 'emulator',
  },
  banners: {
    region: 'App notices',
    sessionEndedTitle: 'Your session ended',
    sessionEndedText: ' (the service rejected the token); connect again.',
    disconnectedTitle: 'Disconnected.',
    disconnectedText:
      ' The playground forgot the token; it stays valid at the service until you revoke the app in your Yuque account settings.',
    rateLimitedAnnounced: 'Rate limit reached: requests are held back for a while.',
  },
  errors: {
    pageTitle: 'Error · Yuque OAuth Playground',
    routeStatus: (p: { status: number; text: string }) => `${p.status} ${p.text}`,
    chunkTitle: 'The playground server is unreachable',
    chunkDetail:
      'This page’s code could not be loaded: the server may be stopped or updated. Check that it runs (npm start or npm run dev), then reload.',
    genericTitle: 'Something went wrong',
    genericDetail: 'An unexpected error stopped the page.',
    reload: 'Reload',
    backToConnect: 'Back to Connect',
  },
  /** The layout's offline banner (banners.tsx): what still works, and that it comes back alone. */
  offline: {
    title: 'You are offline.',
    text: ' The pages keep showing what they already loaded; nothing new can be loaded or sent until the connection is back. The playground then reconnects by itself: no need to reload.',
    backOnline: 'Back online: the pages load their data again.',
  },
}
