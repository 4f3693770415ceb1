import type { appMessages } from './messages'

export const appMessagesZh: typeof appMessages = {
  skipLink: '跳到正文',
  brandName: '语雀 OAuth',
  brandSub: '演练场',
  mainNav: '主导航',
  nav: {
    connect: '连接',
    profile: '个人资料',
    hello: '问候',
    users: '用户',
    scopes: '权限范围',
    explorer: 'API 调试',
    lab: '流程实验室',
    yourApp: '你的应用',
  },
  inspector: '检查器',
  switchTo: 'English',
  switchToLabel: 'Switch to English (切换到英文)',
  loadingApp: '正在加载演练场…',
  exchangingCode: '正在完成连接：正在用授权码向服务换取令牌…',
  routeAnnounced: (p) => `${p.title}，页面已加载`,
  user: {
    loading: '加载中…',
    loadingLabel: '正在加载已连接的账户…',
  },
  status: {
    region: '令牌状态',
    scopes: '权限范围',
    rateLimit: '频率限制',
    service: '服务',
    checking: '检查中…',
    unknown: '未知',
    unknownTitle: '还没有收到一致的 X-RateLimit 响应头（服务也可能不发送）',
    notConnected: '未连接 · 仅公开数据',
    noScope: '无权限范围 — 仅公开只读',
    grantedScopes: '已授予的权限范围',
    requestedNotGranted: (p) => `申请了 ${p.requested}，未授予 ${p.missing}`,
    emulator: '模拟器',
  },
  meter: {
    label: '频率限制内剩余的请求数',
    valueText: (p) => `剩余 ${p.text} 次请求`,
    low: ' · 偏低',
  },
  banners: {
    region: '应用通知',
    sessionEndedTitle: '你的会话已结束',
    sessionEndedText: '（服务拒绝了令牌），请重新连接。',
    disconnectedTitle: '已断开连接。',
    disconnectedText:
      '演练场已忘记令牌；在你到语雀账户设置中撤销此应用的授权之前，令牌在服务端仍然有效。',
    dismiss: '关闭',
    rateLimitedTitle: '已达到频率限制。',
    rateLimitedKnown: (p) =>
      `服务要求等待约 ${p.wait}（到 ${p.until}）再发下一个请求（Retry-After）。在此之前不会自动重试。`,
    rateLimitedGuessed: (p) =>
      `服务没有说明要等多久，请几分钟后再试。演练场会暂停请求约 ${p.wait}（到 ${p.until}），连续收到这样的响应时等待会更久。`,
    rateLimitedAnnounced: '已达到频率限制：请求会暂停一段时间。',
  },
  errors: {
    pageTitle: '出错了 · 语雀 OAuth 演练场',
    routeStatus: (p) => `${p.status} ${p.text}`,
    chunkTitle: '无法访问演练场服务器',
    chunkDetail:
      '这个页面的代码没能加载：服务器可能已停止、正在重启或已更新。请确认它在运行（npm start 或 npm run dev），然后重新加载。',
    genericTitle: '出错了',
    genericDetail: '一个意外的错误中断了页面。',
    reload: '重新加载',
    backToConnect: '返回连接页',
  },
  offline: {
    title: '你已离线。',
    text: '页面仍显示已经加载的内容；在网络恢复之前，无法加载或发送新的内容。网络恢复后，演练场会自动重新连接，无需刷新页面。',
    backOnline: '已恢复联网：页面正在重新加载数据。',
  },
}
