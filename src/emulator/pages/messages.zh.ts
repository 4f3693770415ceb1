/**
 * The emulator pages in Simplified Chinese, worded as Yuque's own pages are (授权, 允许, 拒绝,
 * 知识库, 文档, 团队, 画板). Declared with the English catalog's type: a missing key or a
 * placeholder of the wrong name is a type error (messages.ts).
 */
import type { EmulatorMessages, ErrorText } from './messages'
import { SCOPE_MEANINGS_ZH } from '../../protocol/scope-meanings.zh'

export const emulatorMessagesZh: EmulatorMessages = {
  shell: {
    titleSuffix: '语雀模拟服务',
    brand: '语雀',
    tag: '本地模拟服务',
    otherLanguage: 'English',
    otherLanguageLabel: 'Switch to English',
    space: (p) => `${p.space} · 企业空间`,
  },
  signIn: {
    title: '登录',
    forTokens: '登录后管理你的个人访问令牌（Token）。',
    toContinue: (p) => `登录以继续使用 ${p.app}`,
    login: '登录名',
    password: '密码',
    submit: '登录',
    wrongPassword: '登录名或密码错误。',
    demoUsers: '演示用户',
    demoPasswordBefore: '所有演示用户的密码都是 ',
    demoPasswordAfter: '。点击即可登录：',
    signInAs: (p) => `以 ${p.name}（@${p.login}）登录`,
    inSpace: (p) => `你正在登录企业空间 ${p.space}（${p.host}），请使用该空间的账号。`,
  },
  who: { signOut: '不是你？退出登录' },
  consent: {
    title: (p) => `授权 ${p.app}`,
    noScope: ' 未申请任何权限范围（scope），只能只读访问公开信息。',
    asksFor: ' 申请获得以下权限。不想授予的权限可以取消勾选。',
    deny: '拒绝',
    approve: '允许',
    returnsToApp: '授权后将返回该应用。',
    appWaits: '应用正在等待你的答复；答复后可以关闭此标签页。',
    warnTitle: '只有当这次登录是你本人在这台设备上发起时，才允许授权。',
    startedAt: (p) => `${p.app} 于${p.when}发起了这次登录（${p.iso}，应用签名的时间）。`,
    openedFrom: (p) => `此页面由 ${p.address} 打开。`,
    justNow: '刚刚',
    minutesAgo: (p) => ` ${p.minutes} 分钟前`,
    inMinutes: (p) => ` ${p.minutes} 分钟后`,
    inSpace: (p) => `该应用只能访问你在企业空间 ${p.space} 中的账号。`,
  },
  result: {
    authorizedTitle: '已授权',
    authorized: (p) => `已授权 ${p.app}`,
    returnNow: (p) => `现在可以回到应用了：${p.app} 会自动完成登录。`,
    grantedNone: '已授予：只读访问公开信息。',
    granted: (p) => `已授予的权限范围：${p.scopes}。`,
    deniedTitle: '已拒绝授权',
    denied: (p) => `你已拒绝 ${p.app} 访问你的账号。现在可以回到应用了。`,
    closeTab: '可以关闭此标签页了。',
  },
  tokens: {
    title: '个人访问令牌',
    newToken: '你的新令牌',
    copyBefore: '请立即复制：它只显示这一次。请求时放在 ',
    copyAfter: ' 请求头中发送。',
    scopesNone: '权限范围：无（仅公开信息）。',
    scopesOf: (p) => `权限范围：${p.scopes}`,
    note: '备注',
    notePlaceholder: '用途是什么？',
    scopes: '权限范围',
    create: '创建令牌',
    yours: '你的令牌',
    token: '令牌',
    created: '创建时间',
    none: '（无）',
  },
  scopes: {
    noScope: '（只读访问公开信息：用户信息，不含手机号和邮箱。）',
    meaning: SCOPE_MEANINGS_ZH,
  },
  statusTitles: {
    400: '无法处理此请求',
    403: '请求被拒绝',
    404: '页面不存在',
    405: '不支持此请求方法',
    413: '请求过大',
    421: '主机名错误',
    429: '尝试次数过多',
    other: '出错了',
  },
  errors: {
    notFound: { message: '找不到这个页面。' },
    failed: { message: '模拟服务处理此请求时出错。' },
    expired: {
      title: '找不到授权请求',
      message: '此授权请求已过期，或已经答复过了。',
      hint: '请回到应用重新开始。',
    },
    notSignedIn: (p): ErrorText => ({ message: '你尚未登录，或登录状态已失效。', hint: p.hint }),
    badFormToken: (p): ErrorText => ({
      message: `${{ consent: '授权表单', 'sign-in': '登录表单', other: '表单' }[p.form]}的安全令牌缺失或不正确。`,
      hint: p.hint,
    }),
    hints: {
      startAgain: '请回到应用重新开始。',
      notAuthorized: '请回到应用重新开始。该应用没有获得授权。',
      tokensSignIn: '请打开 /settings/tokens 重新登录。',
      reload: '请刷新页面后重试。',
      signInAgain: '请重新打开登录页面，从那里登录。',
    },
    tooManySignIns: (p): ErrorText => ({
      message: `此地址或此账号登录失败的次数过多。请在 ${p.minutes} 分钟后重试。`,
      hint: '请稍候再登录。演示用户的密码是 "password"。',
    }),
    badDecision: { message: 'decision 必须是 "approve" 或 "deny"。' },
    notRequested: (p): ErrorText => ({
      message: `应用没有申请权限范围 "${p.scope}"，因此不能授予。`,
    }),
    notPersonal: (p): ErrorText => ({
      message: `权限范围 "${p.scope}" 不能授予个人访问令牌。`,
    }),
  },
  authorize: {
    misconfigured: '把你带到这里的应用配置有误。',
    missingClientId: { title: '缺少 client_id', message: '请求中没有 client_id。' },
    unknownApp: (p): ErrorText => ({
      title: '未知应用',
      message: `没有以 client_id "${p.clientId}" 注册的应用。`,
    }),
    noRedirectUri: (p): ErrorText => ({
      title: '缺少 redirect_uri',
      message: `${p.app} 没有注册回调地址（redirect URI）：它使用 client-code 流程登录（code、timestamp 和 sign）。`,
    }),
    severalRedirectUris: (p): ErrorText => ({
      title: '缺少 redirect_uri',
      message: `${p.app} 注册了多个回调地址，请求必须在 redirect_uri 中指明其中一个。`,
    }),
    redirectMismatch: (p): ErrorText => ({
      title: '回调地址不匹配',
      message: `redirect_uri "${p.uri}" 没有为 ${p.app} 注册。`,
      hint: '回调地址按字符串完全匹配比较（不会统一大小写、端口或末尾的斜杠）。',
    }),
    restart: (p) => `请让 ${p.app} 重新发起登录。`,
    unsupportedResponseType: {
      title: '不支持的 response_type',
      message: 'response_type 必须是 "code"。',
    },
    malformedCode: (p): ErrorText => ({
      title: 'code 格式错误',
      message: `code 必须恰好是 40 个字母或数字；这个有 ${p.length} 个字符${p.length === 40 ? '，且含有字母和数字以外的字符' : ''}。`,
    }),
    malformedTimestamp: {
      title: 'timestamp 格式错误',
      message: 'timestamp 必须是请求的时间，以自纪元起的毫秒数表示。',
    },
    staleTimestamp: (p): ErrorText => ({
      title: 'timestamp 已失效',
      message: `请求的 timestamp ${p.past ? '早于' : '晚于'}服务器时间 ${p.minutes} 分钟；它必须在服务器时间前后 10 分钟以内。`,
      hint: '请检查设备的时钟。',
    }),
    missingSign: { title: '缺少签名', message: '请求中没有 sign 参数。' },
    invalidSign: (p): ErrorText => ({
      title: '签名无效',
      message:
        'sign 参数与此请求和该应用的密钥（client_secret）不匹配。' +
        (p.hasSpace ? '它含有空格：base64 值中的 "+" 没有经过 URL 编码。' : ''),
    }),
    unknownScope: (p): ErrorText => ({
      title: '未知的权限范围',
      message: `未知的权限范围 "${p.scope}"。`,
    }),
    scopeNotEnabled: (p): ErrorText => ({
      title: '权限范围未开通',
      message: `${p.app} 没有开通权限范围 "${p.scope}"。`,
    }),
    codeUsed: {
      title: 'code 已被使用',
      message: '这个 code 已经用于一次授权请求。',
      hint: '每次登录都需要新生成的 code。',
    },
  },
}
