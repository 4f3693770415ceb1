/** The snippets' messages in Simplified Chinese, declared with the English catalog's type. */
import type { snippetMessages } from './snippet-messages'

export const snippetMessagesZh: typeof snippetMessages = {
  outside: '在演练场之外运行',
  outsideHint:
    '直接请求语雀，令牌用你自己的，放在 YUQUE_TOKEN 里：演练场从不把它的令牌交给浏览器。',
  languages: '代码语言',
  tabs: {
    curl: 'curl',
    javascript: 'JavaScript',
    sdk: 'JavaScript（@yuque/sdk）',
    python: 'Python',
    go: 'Go',
  },
  captions: {
    curl: '在 POSIX shell（bash、zsh）中运行的 curl。',
    javascript: 'Node 18 及以上的 JavaScript：保存为 call.mjs，运行 node call.mjs。',
    sdk: '官方 Node SDK（npm install @yuque/sdk）：保存为 call.mjs，运行 node call.mjs。',
    python:
      'Python 3 加 requests（python3 -m pip install requests）：保存为 call.py，运行 python3 call.py。',
    go: 'Go，只用标准库（net/http）：保存为 main.go，运行 go run main.go。',
  },
  copy: (p) => `复制 ${p.language}`,
  copied: '已复制',
  copyFailed: '复制失败：请选中文本自行复制。',
  comments: {
    token: '先把 YUQUE_TOKEN 设为一个访问令牌。',
    userAgent: '服务会拒绝没有 User-Agent 的请求：在其中写上你的应用名。',
    sdk: 'SDK 只在 200 时返回 data，其余情况都抛出错误，带上服务的状态码和消息。',
  },
}
