/**
 * English lines for the parameter descriptions the OpenAPI document gives only in Chinese
 * (catalogue.gen.ts `zh`), keyed by that Chinese line: the same line means the same thing on every
 * operation that has it. Written by hand from the document (spec/yuque-openapi-2.0.1.json) and
 * docs/service.md; params-en.test.ts checks every parameter of the catalogue has one.
 */
export const PARAMS_EN: Readonly<Record<string, string>> = {
  '用户 login 或 ID': 'The user’s login or numeric id',
  '角色 [过滤条件]': 'Filter by role: 0 administrator, 1 member; empty lists every team',
  '偏移量 [分页条件]': 'Offset: how many items to skip (paging)',
  '用户/团队的 Login 或 ID': 'The login or numeric id of a user or a team',
  '偏移量 [分页参数]': 'Offset: how many items to skip (paging)',
  '每页数量 [分页参数]': 'Items per page (paging)',
  '类型 [筛选条件]': 'Filter by kind: Book (documents) or Design (boards)',
  '操作权限 [筛选条件] 默认为空':
    'Filter by what the token may do there (such as create_doc); empty: no filter',
  搜索关键词: 'Search words',
  搜索类型: 'What to search: doc (documents) or repo (repositories)',
  '搜索范围, 不填默认为搜索当前用户/团队':
    'Where to search, such as a namespace (group_login/book_slug); empty: the current user’s or team’s',
  '页码 [分页参数]': 'Page number (paging)',
  '页码, 非偏移量 [分页参数]': 'Page number, not an offset, despite its name (paging)',
  '仅搜索指定作者 ID [筛选条件]': 'Only documents by this author (numeric user id)',
  '仅搜索指定作者 login [筛选条件]': 'Only documents by this author (login)',
  '团队 Login or ID': 'The team’s login or numeric id',
  '角色 [筛选条件]': 'Filter by role: 0 administrator, 1 member, 2 read-only member',
  '用户 Login or ID': 'The member’s login or numeric id',
  '团队的 Login 或 ID': 'The team’s login or numeric id',
  '成员名 [过滤条件]': 'Filter by member name',
  '时间范围 [过滤条件]': 'Time range in days: 0 all time, 30 or 365',
  页码: 'Page number',
  分页数量: 'Items per page',
  排序字段: 'Sort by this field',
  排序方向: 'Sort order: desc (largest first) or asc',
  '知识库名 [过滤条件]': 'Filter by repository name',
  '指定知识库 [过滤条件]': 'Only this repository (numeric id)',
  '文档名 [过滤条件]': 'Filter by document title',
  '知识库 ID': 'The repository’s numeric id',
  '团队 Login': 'The login of the repository’s owner (team or user): the namespace’s first part',
  知识库路径: 'The repository’s slug: the namespace’s second part',
  是否查询已删除文档: 'Whether to list deleted documents instead',
  变更时间下界: 'Only documents changed at or after this ISO 8601 date-time',
  '获取的额外字段, 多个字段以逗号分隔':
    'Extra fields to include, comma-separated (such as hits,tags); empty: none',
  '文档 ID or 路径': 'The document’s numeric id or its slug',
  '数据表使用，分页大小': 'Rows per page, for a table document (Lakesheet) only',
  '数据表使用，页码': 'Page number, for a table document (Lakesheet) only',
  '文档 ID': 'The document’s numeric id',
  '版本 ID': 'The version’s numeric id (from the document’s version list)',
}
