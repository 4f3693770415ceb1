/** The errors namespace's Chinese messages (error-messages.ts has the English). */
import type { errorsMessages } from './error-messages'

export const errorsMessagesZh: typeof errorsMessages = {
  retry: '重试',
  retryIn: (p) => `${p.wait}后重试`,
  connectAgain: '重新连接',
  pageBug: '页面出错了',
  unreachableTitle: '无法访问演练场服务器',
  unreachableDetail:
    '没有收到响应。页面每隔几秒会自动重试；请确认服务器（npm start 或 npm run dev）仍在运行。',
  shapeTitle: '服务返回的数据格式不符合预期',
  csrfTitle: '代理拒绝了请求',
  csrfDetail: (p) => `${p.message} 请重新加载页面后再试。`,
  scopeTitle: '令牌缺少权限范围',
  scopeMissing: (p) =>
    `这需要 ${p.scopes}，但令牌没有获得这项授权。请重新连接并勾选它（并在授权页面上允许）。`,
  scopeUnknown: (p) =>
    `${p.message} 服务没有说明缺少哪个权限范围；请用这份数据所需的权限范围重新连接。`,
  rejectedTitle: '服务拒绝了令牌',
  rejectedDetail: '服务返回了 401，演练场已忘记令牌并结束会话。请重新连接。',
  notConnectedTitle: '未连接',
  notConnectedDetail: (p) => `${p.message} 请先连接你的账户。`,
  notFoundTitle: '未找到',
  rateLimitTitle: '已达到频率限制',
  rateLimitUnknown: '服务要求放慢请求，但没有说明要等多久；请几分钟后再试。',
  rateLimitKnown: '服务要求等待一段时间再发下一个请求（Retry-After）；下方按钮会倒计时。',
  timeoutTitle: '服务没有及时响应',
  downTitle: '服务无法访问',
  temporary: (p) => `${p.message} 这通常是暂时的：请稍后重试。`,
  failedTitle: (p) => `请求失败（HTTP ${p.status}）`,
}
