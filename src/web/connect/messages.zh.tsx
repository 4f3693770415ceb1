import type { connectMessages } from './messages'
import { SCOPE_MEANINGS_ZH } from '../../protocol/scope-meanings.zh'

export const connectMessagesZh: typeof connectMessages = {
  title: '连接 · 语雀 OAuth 演练场',
  heading: '连接账号',
  lede: '选择要申请的权限范围（scope），然后在服务的登录与授权页完成授权。令牌只保存在代理中，本页面始终看不到它。',
  connectedTitle: '已连接',
  connectedSince: (p) => (
    <>
      自 {p.date} 起已连接，权限范围 {p.scope}
      。重新连接会替换当前会话，因此下面已勾选它现有的权限范围：取消勾选即可去掉，勾选更多即可追加。
    </>
  ),
  none: '（无）',
  empty: '（空）',
  seeProfile: '查看个人资料',
  continue: '继续',
  scopesHeading: '权限范围',
  groups: {
    full: { title: '读写', hint: '完整权限包含对应的只读权限。' },
    read: { title: '只读', hint: '只展示数据的应用用这些就够了。' },
    advanced: { title: '高级', hint: '默认不开放：需要服务管理员为应用开通。' },
  },
  scopeMeanings: SCOPE_MEANINGS_ZH,
  noScopeMeaning: '只读访问公开信息：不含手机号和邮箱的用户信息',
  impliedBy: (p) => <>已被 {p.scope} 包含：不放进请求</>,
  needsApproval: '需要管理员开通；模拟器会拒绝',
  attachUploadWarning: (p) => (
    <>{p.scope} 默认不开放：需要服务管理员为此应用开通。模拟器会拒绝它，所以授权页会显示错误。</>
  ),
  connect: '连接',
  connectAgain: '重新连接',
  connecting: '正在连接…',
  connectAnyway: '仍然连接',
  serviceDownTitle: '服务没有响应',
  serviceDownDetail:
    '演练场最近对服务的调用都没有得到响应，服务的登录页多半也打不开。请等状态栏不再标记“可能已过时”后再连接，或点击“仍然连接”。',
  serviceUnreachableTitle: '服务的登录页打不开',
  serviceUnreachableDetail:
    '服务的地址上没有应答，所以演练场没有把你送过去。请确认服务正在运行（并且 YUQUE_AUTH_URL 指向它），然后点击“重试”。',
  redirecting: '正在打开服务的授权页…',
  asking: '正在向代理申请登录…',
  askingClientCode: '正在请代理为 client code 请求签名…',
  returnTo: (p) => `完成后将回到 ${p.path}。`,
  landOnProfile: '完成后将进入你的个人资料页。',
  clientCodeButton: '无服务端应用（client code）',
  clientCodeHint: (p) => (
    <>
      以 {p.clientId}{' '}
      身份连接，这是一个没有服务端的应用，服务无法把你送回来：授权页会在新标签页中打开，本页每隔几秒向令牌端点询问你是否已授权。
    </>
  ),
  previewHeading: '将要发送的内容',
  scopeLabel: '权限范围参数 scope',
  urlLabel: 'GET 请求',
  placeholders: {
    state: '‹按下“连接”时由代理生成›',
    codeChallenge: '‹代理保存的 code_verifier 的 S256 哈希›',
  },
  noScope: (p) => `不申请权限范围：${p.meaning}。`,
  listEnd: '。',
  droppedSeparator: '、',
  listSeparator: '；',
  droppedAsImplied: (p) => `因已被包含而省去：${p.list}。`,
  droppedEntry: (p) => `${p.scope}（被 ${p.impliedBy} 包含）`,
  paramsCaption: '授权请求参数',
  useOwnApp: '使用你自己的应用或个人访问令牌（Token）',
  serviceEmulator: '服务：内置模拟器。以 alice（或 bob 等）登录，密码为 "password"。',
  serviceReal: (p) => `服务：${p.url}`,
  paramNotes: {
    client_id: '在服务上注册的应用',
    redirect_uri: '必须与注册时完全一致',
    response_type: '授权码流程，绝不直接返回令牌',
    state: '≥128 位随机数，只能使用一次（防御 CSRF）',
    code_challenge: 'PKCE（RFC 7636）：代理在换取令牌时证明它',
    code_challenge_method: 'SHA-256，绝不用 plain（RFC 9700 §2.1.1）',
    scopeEmpty: '空：只读公开数据',
    scopeList: '逗号分隔，规范形式',
  },
}
