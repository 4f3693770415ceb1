/** The session namespace's English messages (src/web/i18n/catalog.ts says how to write them). */
export const sessionMessages = {
  /** The last step of either login flow: the callback page and the client-code page. */
  connected: 'Connected',
  granted: (p: { scope: string }) => `Granted scope: ${p.scope}.`,
  grantedFewer: (p: { scope: string; requested: string }) =>
    `Granted ${p.scope}, fewer than the requested ${p.requested}.`,
}
