/**
 * What each scope lets an app do, in Chinese, keyed by the scope's name (scope-meanings.ts has the
 * English). A module of its own, named as the Chinese catalogs are: the app's Chinese catalog is
 * a chunk of its own that an English visitor never loads (docs/decisions/0009-i18n.md), and a
 * table in a module the English pages import would ride along in their chunks
 * (bench/bundle-budget.test.ts, "an English page loads no Chinese").
 */
import type { SCOPES } from './scopes'

/** As Yuque's own consent page says it: 知识库 for repositories, 团队 for teams, 画板 for artboards. */
export const SCOPE_MEANINGS_ZH = {
  group: '读取和修改你的团队',
  'group:read': '读取你的团队',
  repo: '读取和修改知识库',
  'repo:read': '读取知识库',
  topic: '读取和修改讨论',
  'topic:read': '读取讨论',
  doc: '读取和修改文档',
  'doc:read': '读取文档',
  artboard: '读取和修改画板',
  'artboard:read': '读取画板',
  attach_upload: '上传附件（仅限图片）',
} satisfies Record<(typeof SCOPES)[number]['name'], string>
