/**
 * scenario-words.ts in Chinese: the Chinese catalog's chunk only (src/web/i18n/zh.ts), as every
 * `*.zh.ts` (docs/decisions/0009-i18n.md). Yuque's own words: 授权, 授权码, 令牌, 回调地址,
 * 权限范围, 客户端密钥.
 */
import type { SCENARIO_WORDS_EN } from './scenario-words'

export const SCENARIO_WORDS_ZH: typeof SCENARIO_WORDS_EN = {
  'consent-denied': {
    title: '用户点击“拒绝”',
    change: '用户在授权页拒绝授权：服务返回 error=access_denied，不带授权码。',
    advice:
      '把 access_denied 当作用户的选择，而不是故障：告诉用户没有建立连接，并提供重新开始的入口。错误响应同样要校验 state，并且不要换取任何东西。',
  },
  'state-tampered': {
    title: '带回的 state 被改动',
    change: '回调带回的 state 与客户端发出的不一致（伪造的或串了的回调）。',
    advice:
      '在做任何事之前，先以常量时间比较带回的 state 与你为这个浏览器保存的 state。不一致就停下：不换取任何东西，重新发起登录。state 只能用一次：第一次回调时就把它作废。',
  },
  'state-missing': {
    title: '请求不带 state',
    change: '授权请求不带 state，回调就无法与这个浏览器对应起来（登录 CSRF）。',
    advice:
      '每次登录都发送一个新的、无法猜测的 state（至少 128 位随机数），并与用户的浏览器绑定；拒绝不带 state 的回调。语雀的文档没有提到 PKCE：state 就是你防御 CSRF 的手段。',
  },
  'code-reused': {
    title: '同一个授权码换取两次',
    change: '客户端把同一个授权码再次发给令牌端点。',
    advice:
      '一个授权码只换取一次，超时也绝不重试换取；令牌端点返回 invalid_grant 时，重新发起登录。服务会撤销第一次换到的令牌：把它丢掉。',
  },
  'code-expired': {
    title: '授权码已过期',
    change: '授权码过了有效期才去换取（把模拟器的时钟往后拨）。',
    advice:
      '浏览器一回来就立即换取授权码：它最多只有几分钟有效期（RFC 6749 §4.1.2 建议最长 10 分钟）。收到 invalid_grant 时重新发起登录，不要重试。',
  },
  'redirect-uri-authorize': {
    title: '授权请求的回调地址未注册',
    change: '授权请求中的 redirect_uri 与注册的回调地址相差一个字符。',
    advice:
      'redirect_uri 必须与注册的回调地址完全一致：协议、主机、端口、路径，连末尾的斜杠也算。服务会显示错误页，绝不会跳转到它不认识的地址，你的应用什么也收不到：每次部署都要检查这个地址。',
  },
  'redirect-uri-token': {
    title: '换取令牌时的 redirect_uri 不同',
    change: '换取令牌时发送的 redirect_uri 与授权请求中的不同。',
    advice:
      '发给令牌端点的 redirect_uri 要与发给授权端点的相同：两处从同一个配置项读取。服务会以 invalid_grant 拒绝这个授权码；重新发起登录。',
  },
  'pkce-verifier-wrong': {
    title: 'PKCE 的 code_verifier 不对',
    change: '换取令牌时发送的 code_verifier 与授权请求中的 code_challenge 不匹配。',
    advice:
      '把 code_verifier 和它所属的那次登录一起保存在你的服务端，只用一次，换取令牌时发送的就是它。被拒绝（invalid_grant）说明这次登录无法完成：用新的 code_verifier 重新开始。',
  },
  'client-secret-wrong': {
    title: '客户端密钥不对',
    change: '换取令牌时使用的客户端密钥（client_secret）不是服务为这个应用保存的那个。',
    advice:
      'invalid_client 是你的配置问题，不是用户造成的：为运维记录日志，告诉用户登录暂时不可用，不要重试。对照语雀上应用的设置检查密钥；如果泄露了，就在那里重新生成。',
  },
  'scope-missing': {
    title: '令牌缺少所需的权限范围',
    change: 'API 调用需要令牌没有获得的权限范围：服务拒绝了它。',
    advice:
      '申请你的功能需要的权限范围。因权限范围被拒绝时是 403，真实的服务上是 401（服务说明所需权限时会带上 X-Accepted-OAuth-Scopes）：保留令牌，让用户带上缺少的权限范围重新登录。',
  },
  'rate-limited': {
    title: '达到频率限制',
    change: '服务返回 429，并带有 Retry-After。',
    advice:
      '下一次调用之前，按 Retry-After 给出的时间等待，绝不要循环重试。留意 X-RateLimit-Remaining，在达到上限之前就放慢速度。',
  },
  'token-revoked': {
    title: '令牌已被撤销',
    change: '用户在服务上撤销了应用的授权，下一次 API 调用返回 401。',
    advice:
      '没有刷新令牌：与权限范围无关的 401 表示令牌已经失效。丢掉它和基于它的会话，请用户重新连接，不要用同一个令牌重试。',
  },
  'token-endpoint-5xx': {
    title: '令牌端点出错（5xx）',
    change: '令牌端点对换取令牌的请求返回 500。',
    advice:
      '告诉用户是服务出了错，让用户重新发起登录；绝不重发授权码，它可能已经被用掉了。为运维记录状态码。',
  },
  'token-endpoint-timeout': {
    title: '令牌端点响应太慢',
    change: '令牌端点在客户端超时之后才响应。',
    advice:
      '给换取令牌的请求设置超时；超时后不要重试：服务可能已经签发了令牌，再试一次只会用掉授权码。重新发起登录。',
  },
  'token-endpoint-dropped': {
    title: '连接中断',
    change: '令牌端点没有响应就关闭了连接。',
    advice: '按超时处理：授权码可能已经被用掉，所以绝不重发。重新发起登录，并记录这次失败。',
  },
  'error-in-200': {
    title: '200 响应里是错误',
    change: '令牌端点返回 HTTP 200，响应体里却是错误而不是令牌。',
    advice:
      '要判断响应体，不能只看状态码：令牌响应带有 access_token 和 token_type；除此之外都是失败，不管状态码是多少。',
  },
  'client-code-pending': {
    title: '用户授权之前的轮询',
    change: '用户还没有授权，客户端就在轮询令牌端点（client code 流程）。',
    advice:
      '用户授权之前，轮询得到的是 400 invalid_request：意思是“还没有”，不是失败。每 3 秒轮询一次，最多 20 次，之后就放弃并告诉用户。',
  },
  'client-code-denied': {
    title: '用户拒绝（client code）',
    change: '用户在服务的页面上点击“拒绝”，下一次轮询得知了结果。',
    advice: '立即停止轮询，告诉用户应用没有获得授权。不要自行发起新的尝试。',
  },
  'client-code-expired': {
    title: 'client code 过期',
    change: '在 code 的有效时间内没有人授权。',
    advice:
      'code 和它的 timestamp 只在几分钟内有效（模拟器接受与它的时钟相差不超过 10 分钟的 timestamp）。过期后停止轮询，用一个新的 40 位 code 重新开始。',
  },
  'client-code-bad-signature': {
    title: '签名不对',
    change: '签名的授权请求带着服务无法验证的 sign。',
    advice:
      '严格按服务规定的顺序，对那五个参数用应用的密钥做 HMAC-SHA1 签名，参数值按 encodeURIComponent 的方式编码。被拒绝说明是客户端的缺陷，不是用户的问题：修复它，不要重试。',
  },
  'client-code-too-fast': {
    title: '轮询太快',
    change: '客户端轮询令牌端点的间隔不到 3 秒。',
    advice:
      '每 3 秒轮询一次，不要更快；服务说你太快时，就等更久再试。不停猛轮询令牌端点的客户端会被限流。',
  },
  'no-user-agent': {
    title: '没有 User-Agent 请求头',
    change: '对服务的调用没有带 User-Agent 请求头。',
    advice:
      '每次调用都带上写明你的应用名称的 User-Agent，OAuth 端点也一样：服务会拒绝不带它的调用。浏览器无法设置它，这也是要从你的服务端发起调用的又一个原因。',
  },
}
