/**
 * What the model holds beyond the sign-in seed (../seed.ts): the teams' roles and repositories,
 * documents in Chinese and English with their versions, and tables of contents, so that every
 * operation of the document has something to answer. Demo data only. `MAIN_CONTENT` is the main
 * site's; an enterprise space has its own (../seed-space.ts), or none.
 */
import type { DocFormat, Role, TocType, Visibility } from './types'

export interface SeedTeam {
  id: number
  login: string
  name: string
  description: string | null
  public: Visibility
  createdAt: string
  /** login → role; the sign-in seed's groups get theirs from ROLES below. */
  members: Record<string, Role>
}

/** Roles in the sign-in seed's groups: the first member is the admin (role 0). */
export const ROLES: Record<string, Record<string, Role>> = {
  'payments-docs': { alice: 0, wangxiaoming: 1 },
  // Alice reads the design guild's work but may not change it (role 2, read-only).
  'design-guild': { carol: 0, alice: 2 },
  'frontend-infra': { wangxiaoming: 0 },
}

/**
 * Teams only the API shows. Neither alice (whose team list the API tests pin) nor bob (in no
 * team: e2e/scopes.spec.ts shows an empty teams panel for him) is a member.
 */
export const EXTRA_TEAMS: SeedTeam[] = [
  {
    id: 3004,
    login: 'yuque-lab',
    name: '语雀实验室',
    description: '开放接口的试验田：知识库、文档与目录。',
    public: 1,
    createdAt: '2022-08-01T03:00:00.000Z',
    members: { wangxiaoming: 0, carol: 2 },
  },
]

export interface SeedBook {
  id: number
  owner: string
  slug: string
  name: string
  description: string | null
  public: Visibility
  type?: 'Book' | 'Design'
  createdAt: string
}

export const TEAM_BOOKS: SeedBook[] = [
  {
    id: 20101,
    owner: 'payments-docs',
    slug: 'gateway-guide',
    name: 'Gateway Guide 网关指南',
    description: 'How to call the payment gateway.',
    public: 1,
    createdAt: '2021-02-01T08:00:00.000Z',
  },
  {
    id: 20102,
    owner: 'payments-docs',
    slug: 'runbook',
    name: 'On-call Runbook',
    description: 'What to do when the gateway pages you.',
    public: 0,
    createdAt: '2022-04-11T08:00:00.000Z',
  },
  {
    id: 20103,
    owner: 'design-guild',
    slug: 'tokens',
    name: 'Design Tokens',
    description: null,
    public: 1,
    type: 'Design',
    createdAt: '2021-05-05T08:00:00.000Z',
  },
  {
    id: 20104,
    owner: 'frontend-infra',
    slug: 'build-tools',
    name: '构建工具',
    description: '打包、发布与监控。',
    public: 0,
    createdAt: '2022-06-01T08:00:00.000Z',
  },
  {
    id: 20105,
    owner: 'yuque-lab',
    slug: 'open-api',
    name: '开放接口手册',
    description: '语雀 Open API 的使用笔记。',
    public: 1,
    createdAt: '2022-08-02T08:00:00.000Z',
  },
]

export interface SeedDoc {
  id: number
  bookId: number
  slug: string
  title: string
  author: string
  body: string
  format?: DocFormat
  public?: Visibility
  readCount: number
  likesCount: number
  /** Earlier bodies, oldest first; each is a published version before the current body. */
  history?: string[]
  createdAt: string
}

export const DOCS: SeedDoc[] = [
  {
    id: 40001,
    bookId: 20011,
    slug: 'getting-started',
    title: 'Getting started',
    author: 'alice',
    body: '# Getting started\n\nCreate a token, then call `GET /api/v2/user`.',
    readCount: 812,
    likesCount: 40,
    history: ['# Getting started\n\nDraft.'],
    createdAt: '2020-01-10T03:00:00.000Z',
  },
  {
    id: 40002,
    bookId: 20011,
    slug: 'versioning',
    title: 'Versioning rules',
    author: 'alice',
    body: 'Every breaking change gets a new major version. Deprecations last six months.',
    readCount: 301,
    likesCount: 12,
    createdAt: '2020-02-03T03:00:00.000Z',
  },
  {
    id: 40003,
    bookId: 20011,
    slug: 'pagination',
    title: 'Pagination',
    author: 'alice',
    body: 'Lists take offset and limit; limit is at most 100.',
    readCount: 95,
    likesCount: 3,
    createdAt: '2021-07-19T03:00:00.000Z',
  },
  {
    id: 40004,
    bookId: 20013,
    slug: 'ideas',
    title: 'Ideas for next quarter',
    author: 'alice',
    body: 'Private notes: webhooks, a sandbox, better errors.',
    public: 0,
    readCount: 2,
    likesCount: 0,
    createdAt: '2024-11-02T21:00:00.000Z',
  },
  {
    id: 40011,
    bookId: 20031,
    slug: 'react-hooks',
    title: 'React Hooks 入门',
    author: 'wangxiaoming',
    body: '# React Hooks 入门\n\n`useState` 与 `useEffect` 是最常用的两个 Hook。',
    readCount: 2048,
    likesCount: 256,
    history: ['# React Hooks\n\n草稿。', '# React Hooks 入门\n\n`useState` 是最常用的 Hook。'],
    createdAt: '2019-03-01T06:00:00.000Z',
  },
  {
    id: 40012,
    bookId: 20031,
    slug: 'typescript-tips',
    title: 'TypeScript 小技巧',
    author: 'wangxiaoming',
    body: '<p>善用 <code>satisfies</code> 与字面量类型。</p>',
    format: 'html',
    readCount: 990,
    likesCount: 88,
    createdAt: '2020-09-09T06:00:00.000Z',
  },
  {
    id: 40021,
    bookId: 20101,
    slug: 'quick-start',
    title: '快速开始 Quick start',
    author: 'alice',
    body: '先申请商户号，再调用下单接口。First get a merchant id, then create an order.',
    readCount: 640,
    likesCount: 21,
    history: ['先申请商户号。'],
    createdAt: '2021-02-02T08:00:00.000Z',
  },
  {
    id: 40022,
    bookId: 20101,
    slug: 'refunds',
    title: 'Refunds 退款',
    author: 'wangxiaoming',
    body: 'A refund needs the original order id. 退款需要原订单号。',
    readCount: 410,
    likesCount: 9,
    createdAt: '2021-03-15T08:00:00.000Z',
  },
  {
    id: 40023,
    bookId: 20102,
    slug: 'pager',
    title: 'When the pager rings',
    author: 'alice',
    body: 'Check the dashboard first, then the gateway logs.',
    readCount: 33,
    likesCount: 1,
    createdAt: '2022-04-12T08:00:00.000Z',
  },
  {
    id: 40031,
    bookId: 20105,
    slug: 'toc-api',
    title: '目录接口',
    author: 'wangxiaoming',
    body: '目录节点有三种类型：DOC、TITLE 与 LINK。',
    format: 'lake',
    readCount: 150,
    likesCount: 7,
    createdAt: '2022-08-03T08:00:00.000Z',
  },
  {
    id: 40032,
    bookId: 20105,
    slug: 'search-api',
    title: '搜索接口',
    author: 'bob',
    body: 'Search takes q, type and scope; 每页 20 条。',
    readCount: 80,
    likesCount: 4,
    createdAt: '2022-08-04T08:00:00.000Z',
  },
]

export interface SeedTocNode {
  uuid: string
  type: TocType
  title?: string
  url?: string
  docId?: number
  parent?: string
}

/** Tables of contents by repository id, in reading order. */
export const TOCS: Record<number, SeedTocNode[]> = {
  20011: [
    { uuid: 'handbook-basics', type: 'TITLE', title: 'Basics' },
    { uuid: 'handbook-start', type: 'DOC', docId: 40001, parent: 'handbook-basics' },
    { uuid: 'handbook-paging', type: 'DOC', docId: 40003, parent: 'handbook-basics' },
    { uuid: 'handbook-versioning', type: 'DOC', docId: 40002 },
    {
      uuid: 'handbook-rfc',
      type: 'LINK',
      title: 'RFC 6749',
      url: 'https://www.rfc-editor.org/rfc/rfc6749',
    },
  ],
  20031: [
    { uuid: 'notes-react', type: 'TITLE', title: 'React' },
    { uuid: 'notes-hooks', type: 'DOC', docId: 40011, parent: 'notes-react' },
    { uuid: 'notes-ts', type: 'DOC', docId: 40012 },
  ],
  20101: [
    { uuid: 'gateway-start', type: 'DOC', docId: 40021 },
    { uuid: 'gateway-refunds', type: 'DOC', docId: 40022 },
  ],
  20105: [
    { uuid: 'lab-apis', type: 'TITLE', title: '接口' },
    { uuid: 'lab-toc', type: 'DOC', docId: 40031, parent: 'lab-apis' },
    { uuid: 'lab-search', type: 'DOC', docId: 40032, parent: 'lab-apis' },
  ],
}

/** The demo data of one tenant beyond its sign-in seed (create-model.ts reads it). */
export interface SeedContent {
  /** Roles in the sign-in seed's groups, by group login and member login. */
  roles: Record<string, Record<string, Role>>
  /** Teams only the API shows. */
  extraTeams: SeedTeam[]
  /** Repositories of teams, by the team's login. */
  teamBooks: SeedBook[]
  docs: SeedDoc[]
  /** Tables of contents by repository id, in reading order. */
  tocs: Record<number, SeedTocNode[]>
}

export const MAIN_CONTENT: SeedContent = {
  roles: ROLES,
  extraTeams: EXTRA_TEAMS,
  teamBooks: TEAM_BOOKS,
  docs: DOCS,
  tocs: TOCS,
}

/** A tenant with no demo data beyond its sign-in seed (a config file's space). */
export const NO_CONTENT: SeedContent = {
  roles: {},
  extraTeams: [],
  teamBooks: [],
  docs: [],
  tocs: {},
}
