/** check-words.ts in Chinese (the Chinese catalog's chunk only: src/web/i18n/zh.ts). */
import type { CheckWords } from './check-words'

export const CHECK_WORDS_ZH: CheckWords = {
  'params-once': 'code、state 和 error 各自最多只带回一次',
  'no-error': '服务没有返回错误',
  'state-sent': '请求带有 state',
  'state-returned': '回调带回了 state',
  'state-matches': '带回的 state 与发出的一致',
  'code-returned': '回调带有授权码',
  'pkce-verifier': '换取令牌时发送 PKCE 的 code_verifier',
}
