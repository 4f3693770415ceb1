/** The flow's take-home code in Simplified Chinese, declared with the English messages' type. */
import type { flowMessages } from './flow-messages'

export const flowMessagesZh: typeof flowMessages = {
  steps: {
    authorize: {
      title: '把用户送到授权页',
      hint: '你的服务端生成 state 和 PKCE verifier，和用户的会话存在一起，再把浏览器送到这个地址。',
    },
    callback: {
      title: '检查回到重定向 URI 的请求',
      hint: '先做这几项检查：发给这个浏览器的 state、error、code。',
    },
    exchange: {
      title: '用授权码换令牌',
      hint: '在你的服务端只换一次，带上客户端密钥：密钥永远不会到浏览器。',
    },
    api: {
      title: '用令牌调用 API',
      hint: '令牌放在 X-Auth-Token 里，User-Agent 写上你的应用名。',
    },
    clientCodeSign: {
      title: 'client code 流程：给授权请求签名',
      hint: '适用于没有服务端可以回调的应用：一个 40 位的 code，用客户端密钥签名。',
    },
    clientCodePoll: {
      title: 'client code 流程：轮询令牌',
      hint: '没有回调到应用：它反复询问令牌端点，直到用户做出决定。',
    },
  },
  noClientCodeApp: '这里没有配置 client code 应用，所以这一步没有代码。',
  comments: {
    secret: '在你的服务端设置 YUQUE_CLIENT_SECRET：不要写进代码、浏览器或日志。',
    random: 'state 和 code_verifier：各取 32 字节 CSPRNG 随机数，base64url 编码。',
    randomState: 'state：32 字节 CSPRNG 随机数，base64url 编码。',
    challenge: 'PKCE：code_challenge = base64url(SHA-256(code_verifier))，方法 S256。',
    order: '参数按服务列出的顺序。',
    keep: '把 state（和 code_verifier）与用户的会话一起存在服务端；浏览器只拿到这个地址。',
    printed: '这里打印出来，只是为了手动试下面几步。',
    callbackApp: '这是你的应用在重定向 URI 上自己的代码，不发 HTTP 请求：见其他标签页。',
    callbackEnv: 'YUQUE_CALLBACK_URL：浏览器回来时的地址；YUQUE_STATE：为这个浏览器保存的 state。',
    once: 'code、state 和 error 最多各出现一次。',
    stateMatch: 'state 必须是为这个浏览器保存的那个，用常数时间比较；比较后就丢弃（只能用一次）。',
    error: '有 error（access_denied：用户拒绝了）就没有 code：什么都不要换。',
    noCode: '没有 code：没有可换的。',
    exchangeEnv: 'YUQUE_CODE：回调带回的 code；YUQUE_CODE_VERIFIER：与会话一起保存的 verifier。',
    oneAttempt: '只请求一次，绝不重试：code 只能用一次。不跟随重定向：请求里带着你的密钥。',
    secretStdin: '密钥从标准输入传入，不放在命令行上：ps 能看到命令行。',
    onlyBearer: '只要不是 200 加 bearer 令牌就是失败：不要建立会话。',
    keepToken: '响应里有令牌：存在你的服务端，不要放进浏览器或日志。',
    clientCode: 'code：40 位字母和数字，取自 CSPRNG；留着用来轮询。',
    timestamp: 'timestamp：当前时间，自纪元起的毫秒数。',
    baseString: '五个参与签名的参数按字母顺序，每个值按 encodeURIComponent 的方式编码，用 & 连接。',
    hmac: 'sign = base64(HMAC-SHA1(客户端密钥, 这个字符串))。',
    opensslArgv: 'openssl 从命令行参数读取密钥，本机其他用户可能看到：只在你自己的机器上运行。',
    openUrl: '在用户的浏览器中打开这个地址。',
    pollEnv: 'YUQUE_CLIENT_CODE：你签名的那个 code（地址里的 code 参数）。',
    pollPace: (p) => `每 ${p.seconds} 秒一次，最多 ${p.attempts} 次；轮询不发送客户端密钥。`,
    pending: '还没有批准：400 invalid_request "authorization code is invalid"。等一会儿再轮询。',
    denied: 'access_denied：用户拒绝了。停止。',
  },
}
