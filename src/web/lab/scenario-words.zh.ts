/**
 * scenario-words.ts in Chinese: the Chinese catalog's chunk only (src/web/i18n/zh.ts), as every
 * `*.zh.ts` (docs/decisions/0009-i18n.md). Yuque's own words: 授权, 授权码, 令牌, 回调地址,
 * 权限范围, 客户端密钥.
 */
import type { SCENARIO_WORDS_EN } from './scenario-words'

export const SCENARIO_WORDS_ZH: typeof SCENARIO_WORDS_EN = {
  'consent-denied': {
    title: '用户点击“拒绝”',
    change: '用户在授权页拒绝：服务返回 error=access_denied，没有授权码。',
  },
  'state-tampered': {
    title: '带回的 state 被改动',
    change: '带回的 state 与发出的不一致（伪造或串了的回调）。',
  },
  'state-missing': {
    title: '请求不带 state',
    change: '授权请求不带 state：回调无法与这个浏览器对应（登录 CSRF）。',
  },
  'code-reused': {
    title: '同一个授权码换取两次',
    change: '同一个授权码再次发给令牌端点。',
  },
  'code-expired': {
    title: '授权码已过期',
    change: '授权码过期后才换取（模拟器的时钟往后拨）。',
  },
  'redirect-uri-authorize': {
    title: '授权请求的回调地址未注册',
    change: '授权请求的 redirect_uri 与注册的回调地址差一个字符。',
  },
  'redirect-uri-token': {
    title: '换取令牌时的 redirect_uri 不同',
    change: '换取令牌时的 redirect_uri 与授权请求中的不同。',
  },
  'pkce-verifier-wrong': {
    title: 'PKCE 的 code_verifier 不对',
    change: '换取令牌时的 code_verifier 与 code_challenge 不匹配。',
  },
  'client-secret-wrong': {
    title: '客户端密钥不对',
    change: '换取令牌时的客户端密钥不是服务保存的那个。',
  },
  'scope-missing': {
    title: '令牌缺少所需的权限范围',
    change: 'API 调用需要令牌没有的权限范围：服务拒绝。',
  },
  'rate-limited': {
    title: '达到频率限制',
    change: '服务返回 429 和 Retry-After。',
  },
  'token-revoked': {
    title: '令牌已被撤销',
    change: '用户在服务上撤销了授权，下一次 API 调用返回 401。',
  },
  'token-endpoint-5xx': {
    title: '令牌端点返回服务器错误',
    change: '令牌端点对换取请求返回服务器错误。',
  },
  'token-endpoint-timeout': {
    title: '令牌端点响应太慢',
    change: '令牌端点在客户端超时之后才响应。',
  },
  'token-endpoint-dropped': {
    title: '连接中断',
    change: '令牌端点不响应就关闭了连接。',
  },
  'error-in-200': {
    title: '200 响应里是错误',
    change: '令牌端点返回 HTTP 200，响应体却是错误。',
  },
  'client-code-pending': {
    title: '用户授权之前的轮询',
    change: '用户授权之前就轮询令牌端点（client code 流程）。',
  },
  'client-code-denied': {
    title: '用户拒绝（client code）',
    change: '用户在服务页面上点击“拒绝”，下一次轮询得知。',
  },
  'client-code-expired': {
    title: 'client code 过期',
    change: '有效期内没有人授权。',
  },
  'client-code-bad-signature': {
    title: '签名不对',
    change: '签名的授权请求带着无法验证的 sign。',
  },
  'client-code-too-fast': {
    title: '轮询太快',
    change: '轮询令牌端点的间隔不到 3 秒。',
  },
  'no-user-agent': {
    title: '没有 User-Agent 请求头',
    change: '调用服务时不带 User-Agent 请求头。',
  },
}
