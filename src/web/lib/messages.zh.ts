import type { commonMessages } from './messages'

export const commonMessagesZh: typeof commonMessages = {
  retry: '重试',
  retryIn: (p) => `${p.wait}后重试`,
  connectAgain: '重新连接',
  connectFirst: {
    title: '请先连接',
    text: (p) => `${p.what}属于已连接的账户。请通过服务的授权页面连接一个账户，然后回到这里。`,
    goToConnect: '前往连接页',
  },
  checklist: {
    done: '已通过',
    failed: '失败',
    active: '进行中',
    skipped: '未进行',
  },
  params: {
    parameter: '参数',
    value: '值',
    empty: '（空）',
  },
  meta: {
    label: '响应头',
    request: '请求',
    absent: '未返回',
    noScopes: '（无）',
    noneNeeded: '（无需权限）',
  },
  loading: (p) => `正在加载${p.what}…`,
  staleMark: '可能已过时',
  staleTitle: '服务或演练场服务器无法访问：这是之前加载的数据，可能已过时。',
  errors: {
    pageBug: '页面出错了',
    unreachableTitle: '无法访问演练场服务器',
    unreachableDetail:
      '没有收到响应。页面每隔几秒会自动重试；请确认服务器（npm start 或 npm run dev）仍在运行。',
    unreachableMessage: '无法访问演练场服务器：请确认它仍在运行，然后重试。',
    shapeTitle: '服务返回的数据格式不符合预期',
    shapeMessage: (p) => `${p.request} 返回的数据格式不符合预期：${p.issues}`,
    csrfTitle: '代理拒绝了请求',
    csrfDetail: (p) => `${p.message} 请重新加载页面后再试。`,
    scopeTitle: '令牌缺少权限范围',
    scopeMissing: (p) =>
      `这需要 ${p.scopes}，但令牌没有获得这项授权。请重新连接并勾选它（并在授权页面上允许）。`,
    scopeUnknown: (p) =>
      `服务拒绝了请求（HTTP ${p.status}），但没有说明缺少哪个权限范围；请用这份数据所需的权限范围重新连接。`,
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
    serviceFailedTitle: '服务出错',
    unusableTitle: '服务的响应无法使用',
    proxy: {
      upstream_unreachable:
        '服务的地址上没有应答：服务已停止，或地址有误。页面会自动重试；请确认服务正在运行。',
      upstream_timeout: '服务没有及时响应。这通常是暂时的：页面会自动重试。',
      upstream_error: '服务自身返回了 5 开头的 HTTP 错误状态码。这通常是暂时的：页面会自动重试。',
      upstream_invalid:
        '响应是重定向（演练场不跟随重定向，你的令牌不会被带到别处），或响应体不是 JSON：没有转交任何内容。',
    },
    notConnectedProxy: '这需要已连接的账户：请先连接你的账户。',
    temporary: (p) => `${p.message} 这通常是暂时的：请稍后重试。`,
    failedTitle: (p) => `请求失败（HTTP ${p.status}）`,
    noMessage: (p) => `HTTP ${p.status}：${p.text}（响应中没有错误信息）。`,
    status: {
      400: '请求格式有误，被拒绝',
      401: '需要身份验证',
      403: '访问被拒绝',
      404: '这个地址下什么也没有',
      429: '请求过多',
      500: '服务器出错',
      502: '服务器没有从服务收到有效响应',
      503: '服务暂不可用',
      504: '服务没有及时响应',
      other: '请求失败',
    },
  },
  pathParam: {
    id: (p) => `路径参数“${p.name}”（“${p.value}”）必须是正整数。`,
    login: (p) =>
      `路径参数“${p.name}”（“${p.value}”）只能包含字母、数字、“-”和“_”（最多 64 个字符）。`,
    userKey: (p) =>
      `路径参数“${p.name}”（“${p.value}”）必须是登录名（字母、数字、“-”和“_”）或数字 ID。`,
    slug: (p) => `路径参数“${p.name}”（“${p.value}”）只能包含字母、数字、“.”、“-”和“_”。`,
  },
  outOfDate: '可能已过时',
  outOfDateDetail: (p) => `服务没有响应；这是它在 ${p.time} 的答复。页面会自动重试。`,
  offlineTitle: '无法访问演练场服务器：你已离线',
  offlineDetail: '此设备没有网络连接。请检查 Wi-Fi 或网线；连接恢复后，页面会自动重新请求。',
}
