import type { helloMessages } from './messages'

export const helloMessagesZh: typeof helloMessages = {
  documentTitle: '问候 · 语雀 OAuth 演练场',
  heading: '问候',
  lede: '：服务的测试接口。它用名字问候令牌所属的用户，以此证明令牌有效。',
  connectFirstWhat: '问候语',
  loading: '正在加载问候语…',
  caption: '服务返回的问候语原文',
  captionField: '响应中的 data.message',
}
