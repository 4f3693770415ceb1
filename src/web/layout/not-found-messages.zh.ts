import type { notFoundMessages } from './not-found-messages'

export const notFoundMessagesZh: typeof notFoundMessages = {
  pageTitle: '页面不存在 · 语雀 OAuth 演练场',
  title: '页面不存在',
  before: '演练场里没有 ',
  after: ' 这个页面。',
  goToConnect: '前往连接页',
  lookUpUser: '查找用户',
}
