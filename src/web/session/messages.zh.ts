import type { sessionMessages } from './messages'

export const sessionMessagesZh: typeof sessionMessages = {
  connected: '已连接',
  granted: (p) => `授予的权限范围：${p.scope}。`,
  grantedFewer: (p) => `授予了 ${p.scope}，少于申请的 ${p.requested}。`,
}
