import type { callbackMessages } from './messages'

export const callbackMessagesZh: typeof callbackMessages = {
  title: '回调 · 语雀 OAuth 演练场',
  lede: '服务把浏览器送回了这里。下面每一项检查都在发送任何内容之前完成。',
  headings: {
    empty: '这里没有要完成的连接',
    invalid: '此回调已被拒绝',
    declined: '已拒绝连接',
    serviceError: '服务未能完成连接',
    foreign: '无法在此完成这次登录',
    failed: '连接失败',
  },
  none: '（无）',
  steps: {
    wellFormed: '服务的响应格式正确',
    stateMatches: '服务返回的 state 与本标签页发出的一致',
    stateDetail: (p) => (
      <>
        state <code>{p.state}</code>：{p.verdict}
      </>
    ),
    codeReceived: '已收到授权码',
    serviceAnswered: (p) => `服务返回了 error=${p.error}。`,
    exchanging: '通过代理用授权码换取令牌',
    exchangingDetail: '代理带上应用的密钥发送授权码并保管令牌，浏览器始终看不到令牌。',
    nothingSent: '不发送任何内容。',
  },
  verdicts: {
    match: '这是本标签页前往授权页之前记下的 state。',
    missing: '响应中没有 state，无法确认它属于在这里发起的登录。',
    unknown:
      '本标签页从未发出过它：链接是在其他标签页或浏览器中打开的，或是被伪造来让你登录到别人的账号。',
    used: '本标签页已经用过它：一次登录只能完成一次。',
  },
  invalid: {
    repeated: (p) => `参数 "${p.param}" 出现了不止一次，含义不明确。`,
    tokenInQuery: (p) => `响应中带有 "${p.param}"：本应用只使用授权码流程，绝不接受地址中的令牌。`,
    tokenInFragment: '地址的片段（#）中带有令牌：本应用只使用授权码流程，绝不接受地址中的令牌。',
    codeAndError: '响应同时带有授权码和错误，二者互相矛盾。',
    neither: '响应中既没有授权码也没有错误。',
    emptyCode: '授权码为空。',
    noState: '响应带有授权码却没有 state，无法确认它属于在这里发起的登录。',
    tooLong: '授权码或 state 过长，不可能是真的。',
  },
  startAgain: '重新开始',
  tryAgain: '再试一次',
  connect: '连接',
  connectFromThisTab: '在本标签页连接',
  yourProfile: '个人资料',
  emptyTitle: '这里没有要做的事',
  emptyText:
    '本页面用于完成从“连接”页发起的连接。它的一次性参数已经用过并从地址中移除，所以重新加载不会有任何作用。',
  invalidTitle: '此回调无效',
  nothingExchanged: '没有换取任何内容。',
  foreignError: '它的 state 与本标签页发起的登录不一致，可能不是你发起的。',
  declinedTitle: '你拒绝了连接',
  declinedText: '授权页上选择了“拒绝”，所以服务没有签发授权码，演练场没有任何访问权限。',
  serviceErrorTitle: '服务返回了错误',
  alreadyCompleted: '这次登录已经完成过了',
  notStartedHere: '这次登录不是本标签页发起的',
  notExchanged: '授权码没有被用来换取令牌。',
  startFromConnect: '如需连接，请在本标签页从“连接”页开始。',
  proxySaid: (p) => <>代理的原始消息：{p.message}</>,
  exchange: {
    page: { title: '换取令牌失败', detail: '页面内出错了，请重新开始。' },
    network: {
      title: '无法连接演练场服务器',
      detail: '授权码没能发出。等服务器恢复运行后，请重新发起登录：这个授权码可能已经失效。',
    },
    stateUnknown: {
      title: '代理不认识这次登录',
      detail:
        '它的短期登录 Cookie 不存在或属于另一次登录（换了浏览器，或 Cookie 被清除）。没有换取任何内容。',
    },
    stateExpired: {
      title: '这次登录已过期',
      detail: '登录用时超过了待完成登录的有效期。没有换取任何内容。',
    },
    refused: { title: '服务拒绝了授权码', detail: '授权码只能用一次，且几分钟内有效。' },
    upstreamError: {
      title: '服务在换取令牌时出错',
      detail: '这是服务器错误，不是你的授权码或登录有问题。',
    },
    noAnswer: {
      title: '服务没有响应换取令牌的请求',
      detail: '服务可能仍然收到了授权码，所以这次登录无法完成：请重新发起一次。',
    },
    appSecretRefused: {
      title: '服务拒绝了你的应用的客户端密钥（Client Secret）',
      detail:
        '授权码是带着你为自己的应用保存的客户端密钥发送的，服务没有接受它。请在“你的应用”页检查这个密钥与语雀开发者设置中的是否一致（不一致就重新保存），然后重新开始。',
    },
    appChanged: {
      title: '登录期间你的应用发生了变化',
      detail:
        '这次登录开始后，你的应用被重新保存或被忘记了，所以这次登录属于这个浏览器已不再使用的应用。没有换取任何内容：请重新连接。',
    },
    checkYourApp: '检查你的应用',
    other: (p) => ({ title: `换取令牌失败（HTTP ${p.status}）`, detail: '请重新开始。' }),
  },
}
