import type { noticeMessages } from './notice-messages'

export const noticeMessagesZh: typeof noticeMessages = {
  dismiss: '关闭',
  rateLimitedTitle: '已达到频率限制。',
  rateLimitedKnown: (p) =>
    `服务要求等待约 ${p.wait}（到 ${p.until}）再发下一个请求（Retry-After）。在此之前不会自动重试。`,
  rateLimitedGuessed: (p) =>
    `服务没有说明要等多久，请几分钟后再试。演练场会暂停请求约 ${p.wait}（到 ${p.until}），连续收到这样的响应时等待会更久。`,
  meter: {
    label: '频率限制内剩余的请求数',
    valueText: (p) => `剩余 ${p.text} 次请求`,
    low: ' · 偏低',
  },
}
