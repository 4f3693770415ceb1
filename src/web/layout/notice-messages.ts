/**
 * The banners' and the rate-limit meter's own words (banner-notices.tsx, rate-limit-meter.tsx),
 * English (src/web/i18n/catalog.ts says how to write them): a namespace of its own, in their lazy
 * chunk (api-notices.ts), so that the first load, which holds the `app` catalog, does not carry
 * them (the first-load budget, bench/bundle-budget.test.ts). What the layout announces at once
 * (banners.tsx) stays in `app`.
 */
export const noticeMessages = {
  dismiss: 'Dismiss',
  rateLimitedTitle: 'Rate limit reached.',
  rateLimitedKnown: (p: { wait: string; until: string }) =>
    ` The service asks to wait about ${p.wait} (until ${p.until}) before the next request (Retry-After). Nothing is retried automatically until then.`,
  rateLimitedGuessed: (p: { wait: string; until: string }) =>
    ` The service did not say when; try again in a few minutes. The playground holds back for about ${p.wait} (until ${p.until}), longer after each such answer in a row.`,
  meter: {
    label: 'Requests left in the rate limit',
    valueText: (p: { text: string }) => `${p.text} requests left`,
    low: ' · low',
  },
}
