import type { yourAppMessages } from './messages'

export const yourAppMessagesZh: typeof yourAppMessages = {
  title: '你的应用 · 语雀 OAuth 演练场',
  heading: '你的应用',
  lede: '用你自己登记的 OAuth 应用或你的个人访问令牌（Token）连接，而不是演练场自带的应用。只对这个浏览器生效，无需重启。',
  loading: '正在加载你的应用设置…',
  disabledTitle: '此服务器未开放此功能',
  disabledDetail:
    '此演练场的运营者关闭了这个功能（BYO_APP=off）。请在“连接”页用演练场自带的应用连接，或自己运行演练场（npm start）。',
  goToConnect: '前往“连接”',
  inUseTitle: '正在使用你自己的应用',
  inUse: (p) => (
    <>
      这个浏览器以 {p.clientId} 的身份连接 {p.origin}。
    </>
  ),
  tokenInUseTitle: '正在使用你的个人访问令牌',
  tokenInUse: (p) => (
    <>
      已用你的个人访问令牌（登录名 {p.login}）连接 {p.origin}。
    </>
  ),
  useDefault: '改回默认应用',
  useDefaultHint:
    '演练场自带的应用：内置模拟器的应用，或运营者配置的应用。你的应用及其密钥会被忘记。',
  backToConnect: '用它连接',

  serviceHeading: '1. 服务',
  serviceLegend: '你的应用登记在哪里',
  kinds: {
    emulator: '内置模拟器',
    yuque: '语雀',
    space: '企业空间',
    host: '此服务器提供的其他主机',
  },
  kindHints: {
    emulator:
      '演练场在本地的服务副本：它认得自带的演示应用（playground-web），以及通过测试控制接口登记的应用（POST /__emulator/apps，见模拟器手册）。',
    yuque: 'https://www.yuque.com',
    space: 'https://<空间>.yuque.com，你所在组织自己的地址',
    host: '此演练场的运营者列出的服务',
  },
  spaceLabel: '空间地址',
  spaceHint: '填二级域名：地址为 https://mycorp.yuque.com 时，填 mycorp。',
  spacePlaceholder: '‹空间›',
  originLabel: '源：',
  originEmulator: '内置模拟器',
  emulatedNote: '此演练场运行在内置模拟器上，由模拟器代替这个服务。',

  appHeading: '2. 你的 OAuth 应用',
  callbackLabel: '要登记的回调地址',
  copy: '复制',
  copied: '已复制',
  copyFailed: '复制失败：请选中地址后自行复制。',
  callbackHint:
    '在应用中登记这个地址，一字不差。在语雀：账户设置 → 开发者 → OAuth 应用（企业空间在空间的开发者设置中）。在那里创建应用或打开已有应用，把这个地址填为回调地址。',
  clientIdLabel: '客户端 ID（client_id）',
  clientIdHint: '应用的 ID，即语雀开发者设置中显示的那个。',
  clientSecretLabel: '客户端密钥',
  clientSecretHint: '只需粘贴一次：它会发送到服务器，之后不再显示。',
  show: '显示',
  showSecret: (p) => `显示${p.field}`,
  savedSecret: (p) => <>已保存，末尾为 {p.hint}</>,
  replace: '替换',
  keepSaved: '保留已保存的',
  codeClientSummary: '可选：无服务器应用（client code）',
  codeClientHint:
    '用于客户端授权码流程的应用，供“连接”页的“无服务器应用”按钮使用。不需要时两栏都留空。',
  codeClientIdLabel: '它的客户端 ID（client_id）',
  codeClientSecretLabel: '它的客户端密钥',
  save: '保存',
  saving: '正在保存…',
  savingStatus: '正在把应用发送到服务器…',
  saved: '已保存。',
  savedUntil: (p) => <>如果不再使用，它会在 {p.date} 被忘记；每使用一次，就再保留 24 小时。</>,
  forget: '忘记',
  forgetting: '正在忘记…',
  forgotten: '已忘记：重新使用演练场自带的应用。',
  confirmForget: '要忘记这个应用吗？它的密钥会从服务器删除，用它建立的会话也会结束。',
  confirmForgetYes: '确定忘记',
  cancel: '取消',

  storageTitle: '密钥保存在哪里',
  storage:
    '保存在本服务器上，经过加密，并与这个浏览器绑定；直到你忘记它，或它连续 24 小时未被使用为止。自己运行演练场（npm start）时，它只保存在你自己的电脑上。',
  neverBack:
    '浏览器永远拿不回这个密钥：保存后本页只显示它的最后四个字符。需要它的那一步（换取令牌）在服务器端完成（为前端服务的后端），不像有些工具把客户端密钥放在页面脚本里，任何打开页面的人都能读到。',

  tokenHeading: '或使用你的个人访问令牌（Token）',
  tokenIntro:
    '你在账户设置中创建的令牌，直接使用：不需要 OAuth 应用，也没有授权页。演练场先用上面选择的服务检查它，然后用它连接。',
  tokenLabel: '个人访问令牌（Token）',
  tokenHint: '发送到服务器，像密钥一样保存在那里；只有最后四个字符会返回。',
  check: '检查',
  checking: '正在检查…',
  checkingStatus: '正在询问服务这个令牌属于谁…',
  tokenOwner: (p) => (
    <>
      已用这个令牌以 {p.name}（{p.login}）的身份连接。
    </>
  ),
  tokenSaved: (p) => <>末尾为 {p.hint} 的令牌</>,
  tokenScopes: '服务报告的权限范围',
  tokenNoScopes: '服务不报告个人访问令牌的权限范围。',
  tokenEmptyScopes: '（无）',
  tokenChecked: (p) => `令牌已检查：已以 ${p.login} 的身份连接。`,
  tokenForgotten: '令牌已忘记。',

  fieldErrorsTitle: '有些字段被拒绝了',
  fieldErrorsDetail: '每个字段旁都写明了要改什么；改好后再试一次。',
  otherField: (p) => `${p.field}：${p.message}`,
  turnedOffTitle: '此服务器已不再接受你自己的应用',
  turnedOffDetail:
    '页面加载后，运营者关闭了这个功能（BYO_APP=off）。什么都没有保存；请改用演练场自带的应用连接。',

  fields: {
    service: '服务',
    'service.kind': '服务',
    'service.space': '空间地址',
    'service.host': '主机',
    clientId: '客户端 ID',
    clientSecret: '客户端密钥',
    codeClient: '无服务器应用',
    'codeClient.clientId': '无服务器应用的客户端 ID',
    'codeClient.clientSecret': '无服务器应用的客户端密钥',
    token: '个人访问令牌',
  },
  codes: {
    required: (p) => `请填写${p.field}。`,
    too_long: (p) => `${p.field}太长：请检查是否只粘贴了它本身，前后没有多余内容。`,
    invalid: (p) => `${p.field}无效：请从签发它的地方重新复制。`,
    space_label: () =>
      '只填空间的二级域名：1 到 63 个小写字母、数字或连字符，不能以连字符开头或结尾（地址为 https://mycorp.yuque.com 时，填 mycorp）。',
    space_reserved: () => '“www”、以 xn-- 开头的名字和纯数字都不是空间名：请填你的空间自己的名字。',
    unknown_host: () => '此服务器不提供这个主机：请从列表中选择。',
    host_not_offered: () => '此服务器不提供这个主机：请从列表中选择。',
    unknown_kind: () => '此服务器不提供这个服务：请换一个。',
    unavailable: () => '此服务器不提供这个服务：请换一个。',
    unexpected: (p) => `服务器不接受${p.field}：请刷新页面后再试。`,
    refused: () => '服务拒绝了这个令牌：请检查它是否完整复制、是否已被删除。',
  },
  unknownCode: (p) => `服务器拒绝了${p.field}（${p.code}）：请检查后再试。`,
}
