/**
 * What each scope of docs/service.md#scopes lets an app do, in English (from SCOPES) and in
 * Chinese, keyed by the scope's name, which is never translated. One table for the app's connect
 * and scopes pages and the emulator's consent page, so the three cannot word a scope differently.
 */
import { SCOPES } from './scopes'

export type ScopeMeanings = Readonly<Record<string, string>>

export const SCOPE_MEANINGS_EN: ScopeMeanings = Object.fromEntries(
  SCOPES.map((scope) => [scope.name, scope.meaning]),
)

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
