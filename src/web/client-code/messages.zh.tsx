import type { clientCodeMessages } from './messages'

export const clientCodeMessagesZh: typeof clientCodeMessages = {
  title: (p) => `${p.heading} · 语雀 OAuth 演练场`,
  headings: {
    waiting: '等待你的授权',
    connected: '已授权',
    denied: '已拒绝连接',
    expired: '尚未授权',
    failed: '轮询已停止',
  },
  lede: (p) => (
    <>
      没有服务端的应用没有可供服务跳转回来的地址，所以不会有任何页面跳转到这里。本页会每隔 {p.every}
      向令牌端点询问你是否已授权，最多 {p.attempts} 次。申请的权限范围：{p.scope}。
    </>
  ),
  none: '（无）',
  noFlowTitle: 'Client code 流程 · 语雀 OAuth 演练场',
  noFlowHeading: '没有进行中的登录',
  noFlowText: '本页面跟踪在本标签页从“连接”页发起的 client code 登录。这里没有进行中的登录。',
  connect: '连接',
  paramNotes: {
    client_id: '没有服务端的应用',
    code: '代理生成的 40 位随机字母和数字（此处已遮盖）',
    response_type: '固定为 code',
    scope: '逗号分隔，规范形式',
    timestamp: '毫秒；过期的时间戳会被服务拒绝',
  },
  steps: {
    signed: '代理已为授权请求签名',
    signedDetail: '使用应用的密钥签名，密钥只留在服务器上：签名的请求见下文。',
    tabOpened: '授权页已在新标签页中打开',
    tabOpenedDetail: '请在那里登录并在授权页上作答。',
    tabBlocked: '授权页没能在新标签页中打开',
    tabBlockedDetail: '浏览器拦截了新标签页：请用下方的链接打开。',
    polling: (p) => `每隔 ${p.every}向令牌端点询问你是否已授权`,
    pollingDetail: {
      waiting: '在你作答之前，它返回 HTTP 400（授权码无效），代理将其报告为等待中。',
      connected: '它返回了令牌，由代理保管：本页面始终看不到令牌。',
      denied: '它返回了 access_denied：授权页上选择了“拒绝”。',
      expired: '在轮询预算内只得到“尚未授权”的答复。',
      failed: '轮询已停止：见下文。',
    },
  },
  signed: {
    heading: '签名的请求',
    intro: (p) => <>五个参数按名称排序并做 URL 编码后，用 {p.amp} 连接：</>,
    caption: '签名的授权参数',
    baseString: '被签名的字符串',
    algorithm: '算法',
    algorithmLine: (p) => `base64(HMAC-SHA1(${p.clientId} 的客户端凭据, 被签名的字符串))`,
    sign: '签名（sign）',
    secretTitle: '密钥只留在服务器上',
    secretText:
      '签名需要应用的密钥。真正没有服务端的应用只能把它打包进应用里，任何人都能提取出来：规范本身也提醒这会泄露密钥。这里由代理签名，本页面只看到结果。授权码被遮盖，是因为在兑换之前，谁拿到它谁就能轮询出令牌。',
  },
  polling: {
    heading: '轮询',
    attempt: (p) => `第 ${p.attempt} 次，共 ${p.max} 次`,
    nothingYet: '：尚未轮询',
    notYet: '：尚未授权',
    pollingNow: '正在轮询…',
    nextPollIn: (p) => `${p.wait}后再次轮询`,
    timeWaited: '已等待',
    waitedOf: (p) => `${p.waited}，共约 ${p.budget}`,
    lastFailed: (p) => `上一次轮询失败：${p.title}`,
    openLink: '打开授权页',
    cancel: '取消',
    tabHint: '关掉了那个标签页？请取消后重新开始：每次登录都需要新的授权码。',
    linkHint: '它会在新标签页中打开；与此同时本页继续轮询。',
  },
  end: {
    startAgain: '重新开始',
    keepWaiting: '继续等待',
    keepingWaiting: '正在申请更多时间…',
    connectedTitle: '已授权：连接成功',
    connectedText: '正在前往你的个人资料页…',
    deniedTitle: '你拒绝了连接',
    deniedText:
      '授权页上选择了“拒绝”，所以服务没有签发令牌，演练场没有任何访问权限。这个授权码已用掉；重新开始会生成新的授权码。',
    expiredTitle: (p) => `轮询 ${p.attempts} 次后仍未授权`,
    expiredText: (p) =>
      `约 ${p.waited}内没有得到授权，这也是官方客户端的轮询时长。还在另一个标签页的授权页上作答？“继续等待”会继续轮询同一个授权码，最长到它生成后十分钟；否则请重新开始，获取新的授权码。`,
  },
  errors: {
    page: '页面内轮询失败',
    startAgain: '请重新开始。',
    reload: '请重新加载页面。',
    network: {
      title: '演练场服务器没有响应',
      detail: '请检查它是否仍在运行（npm run dev）。下一个间隔会继续轮询。',
    },
    invalidResponse: '演练场服务器返回了意外的格式',
    timeout: '令牌端点没有及时响应',
    unreachable: '无法连接令牌端点',
    noClientCode: '这次登录已不在进行中',
    refused: '服务拒绝了授权码',
    upstreamInvalid: '令牌端点返回了意外的内容',
    csrf: '代理拒绝了这次轮询',
    other: (p) => `轮询失败（HTTP ${p.status}）`,
  },
}
