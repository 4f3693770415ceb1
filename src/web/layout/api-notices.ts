/**
 * What the layout draws only once an answer or an error calls for it (the rate-limit meter, the
 * banners, the error card), in one chunk: one file name fewer in the first load's preload map, and the chunk holds React
 * hooks as well as JSX, so React's modules keep one chunk of the first load (docs/decisions/0008).
 */
export { BannerNotices } from './banner-notices'
export { RateLimitMeter } from './rate-limit-meter'
export { ErrorCard } from './error-card'
