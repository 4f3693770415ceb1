/**
 * The not-found page's English messages (src/web/i18n/catalog.ts says how to write them): a
 * namespace of its own, in the page's own chunk, so that the first load, which holds the `app`
 * catalog, does not carry them (the first-load budget, bench/bundle-budget.test.ts).
 */
export const notFoundMessages = {
  pageTitle: 'Not found · Yuque OAuth Playground',
  title: 'Page not found',
  before: 'Nothing lives at ',
  after: ' in the playground.',
  goToConnect: 'Go to Connect',
  lookUpUser: 'Look up a user',
}
