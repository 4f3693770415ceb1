/** scenario-advice.ts in Chinese (the Chinese catalog's chunk only: src/web/i18n/zh.ts). */
import type { SCENARIO_ADVICE_EN } from './scenario-advice'

export const SCENARIO_ADVICE_ZH: typeof SCENARIO_ADVICE_EN = {
  'consent-denied':
    '把 access_denied 当作用户的选择而非故障：说明没有连接，提供重新开始的入口。错误响应也要校验 state，且不换取任何东西。',
  'state-tampered':
    '先把带回的 state 与为这个浏览器保存的比对。不一致就不换取，重新发起登录；state 在第一次回调时就作废。',
  'state-missing':
    '每次登录都发送新的 state（至少 128 位随机数）并与浏览器绑定，拒绝不带 state 的回调。语雀没有说明 PKCE：state 就是你的 CSRF 防线。',
  'code-reused':
    '授权码只换取一次，超时也绝不重试；令牌端点返回 invalid_grant 时重新发起登录。服务会撤销第一次换到的令牌：把它丢掉。',
  'code-expired':
    '浏览器一回来就换取授权码：它只有几分钟有效期（RFC 6749 §4.1.2：最长 10 分钟）。收到 invalid_grant 就重新登录，不要重试。',
  'redirect-uri-authorize':
    'redirect_uri 必须与注册的回调地址完全一致，末尾斜杠也算。服务只显示错误页、不会跳转，应用什么也收不到：每次部署都要检查。',
  'redirect-uri-token':
    '发给令牌端点的 redirect_uri 要与授权请求中的相同：两处读同一个配置。收到 invalid_grant 就重新发起登录。',
  'pkce-verifier-wrong':
    '在服务端把 code_verifier 与它的登录一起保存、只用一次，换取令牌时发送它。收到 invalid_grant 就用新的重新开始。',
  'client-secret-wrong':
    'invalid_client 是你的配置问题：为运维记日志，告诉用户暂时无法登录，不要重试。对照语雀上应用的设置检查密钥。',
  'scope-missing':
    '申请功能所需的权限范围。因权限范围被拒（403，真实服务上是 401）时令牌仍然有效：让用户带上缺少的权限范围重新登录。',
  'rate-limited':
    '按 Retry-After 给出的时间等待，绝不循环重试。留意 X-RateLimit-Remaining，在触顶之前放慢。',
  'token-revoked':
    '没有刷新令牌：与权限范围无关的 401 表示令牌已失效。丢掉它和它的会话，请用户重新连接。',
  'token-endpoint-5xx':
    '告诉用户是服务出错，让用户重新发起登录；绝不重发授权码，它可能已被用掉。记录状态码。',
  'token-endpoint-timeout':
    '给换取请求设超时，超时后绝不重试：令牌可能已经签发，重试只会用掉授权码。重新发起登录。',
  'token-endpoint-dropped': '按超时处理：授权码可能已被用掉，绝不重发。重新发起登录并记录下来。',
  'error-in-200':
    '要看响应体，不能只看状态码：令牌响应带有 access_token 和 token_type。否则就是失败，不管状态码是多少。',
  'client-code-pending':
    '用户授权之前，轮询得到 400 invalid_request，意思是“还没有”。每 3 秒轮询一次，最多 20 次，然后放弃并告知用户。',
  'client-code-denied': '立即停止轮询，告诉用户应用没有获得授权。不要自行发起新的尝试。',
  'client-code-expired':
    'code 只在几分钟内有效（模拟器允许 timestamp 相差 10 分钟）。过期后停止轮询，用新的 40 位 code 重新开始。',
  'client-code-bad-signature':
    '按服务规定的顺序，用应用的密钥对五个参数做 HMAC-SHA1 签名，值按 encodeURIComponent 编码。被拒绝是你的缺陷：修复，别重试。',
  'client-code-too-fast':
    '自己保持每 3 秒轮询一次：服务对更快的轮询照常应答，从不提示放慢。轮询更快没有任何好处。',
  'no-user-agent':
    '每次调用都带上写明应用名称的 User-Agent，OAuth 端点也一样，否则服务会拒绝。浏览器无法设置它：从服务端调用。',
}
