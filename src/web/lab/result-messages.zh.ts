import type { labResultMessages } from './result-messages'
import { CHECK_WORDS_ZH } from './check-words.zh'
import { SCENARIO_ADVICE_ZH } from './scenario-advice.zh'

export const labResultMessagesZh: typeof labResultMessages = {
  profile: (p) => `模拟器：${p.profile}`,
  expected: '预期',
  actual: '实际',
  rule: '依据',
  opensNewTab: '（在新标签页中打开）',
  checks: '检查项',
  verdicts: { pass: '通过', fail: '未通过', skip: '未检查' },
  steps: (p) => `原始 HTTP：${p.count} 次调用`,
  stepsHint: '授权码、令牌、密钥和 code_verifier 都是占位符，从不到达本页面。',
  noSteps: '没有调用服务。',
  advice: '你的应用应该怎么做',
  takeHome: '带走的代码',
  loadingCode: '正在加载代码…',
  adviceFor: SCENARIO_ADVICE_ZH,
  checkWords: CHECK_WORDS_ZH,
  link: '此结果的链接',
  linkHint: '打开这个场景，但不会运行它。',
  copyLink: '复制链接',
  copied: '已复制。',
  copyFailed: '浏览器拒绝访问剪贴板：请手动复制链接。',
}
