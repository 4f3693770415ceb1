import type { commonMessages } from './messages'

export const commonMessagesZh: typeof commonMessages = {
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
    unreachableMessage: '无法访问演练场服务器：请确认它仍在运行，然后重试。',
    shapeMessage: (p) => `${p.request} 返回的数据格式不符合预期：${p.issues}`,
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
}
