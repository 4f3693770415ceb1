/**
 * The header's connected account (connected.tsx), English (src/web/i18n/catalog.ts says how to
 * write them): a namespace of its own, in that lazy chunk, so that the first load, which holds
 * the `app` catalog, does not carry them (the first-load budget, bench/bundle-budget.test.ts).
 */
export const connectedMessages = {
  unknown: 'unknown user',
  disconnect: 'Disconnect',
  disconnecting: 'Disconnecting…',
  disconnectNote:
    'Disconnect forgets the token here; it stays valid at the service until you revoke the app in your Yuque account settings.',
}
