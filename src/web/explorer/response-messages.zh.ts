/** The explorer's response in Simplified Chinese, declared with the English catalog's type. */
import type { responseMessages } from './response-messages'

export const responseMessagesZh: typeof responseMessages = {
  response: '响应',
  milliseconds: (p) => `${p.ms} 毫秒`,
  noBody: '没有响应体。',
  copyBody: '复制响应体',
  headers: '响应头',
  headerCount: (p) => `（${p.count}）`,
  headersHint:
    '语雀的响应头中，代理只传回频率限制、权限和 Retry-After；这里其余的响应头是代理自己的。',
  keyHeader: '重点响应头',
  responseBody: '响应体',
  views: '响应体的视图',
  tree: '树形',
  raw: '原文',
  rawLabel: '响应体的 JSON 原文',
  expandAll: '全部展开',
  collapseAll: '全部折叠',
  searchLabel: '搜索响应体',
  searchPlaceholder: '搜索键和值',
  matches: (p) => `${p.shown} 处匹配`,
  noMatch: (p) => `没有匹配“${p.search}”的内容。`,
  items: (p) => `${p.shown} 项`,
  keys: (p) => `${p.shown} 个键`,
  pickRow: '请选中一行',
  selectedPath: '路径（JavaScript 写法）',
  copyPath: '复制路径',
  copyValue: '复制值',
}
