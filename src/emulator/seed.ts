/**
 * The emulator's seed: demo apps, users, their repositories and teams. Every value here is a
 * demo value printed at start-up; none of it is secret.
 */

export interface SeedRepo {
  id: number
  slug: string
  name: string
  description: string | null
  /** 0 private, 1 public, 2 public inside the enterprise (V2Book.public). */
  public: 0 | 1 | 2
  type?: 'Book' | 'Design' | 'Sheet' | 'Resource'
  itemsCount: number
  likesCount: number
  watchesCount: number
  createdAt: string
  updatedAt: string
  contentUpdatedAt: string
}

export interface SeedUser {
  id: number
  login: string
  name: string
  description: string | null
  password: string
  followersCount: number
  followingCount: number
  createdAt: string
  updatedAt: string
  repos: SeedRepo[]
}

export interface SeedGroup {
  id: number
  login: string
  name: string
  description: string | null
  public: 0 | 1 | 2
  /** Logins of the members. */
  members: string[]
  /** The team's repositories (V2Group.books_count counts them); none when absent. */
  repos?: SeedRepo[]
  createdAt: string
  updatedAt: string
}

export interface AppRegistration {
  clientId: string
  clientSecret: string
  name: string
  /** Compared by exact string match (RFC 9700 §4.1.3); empty for an app that only uses client_code. */
  redirectUris: string[]
  /**
   * Scopes the app may request. Default: every scope that needs no operator approval, so
   * `attach_upload` must be listed here explicitly to be enabled
   * (docs/service.md#operator-approved-scopes).
   */
  allowedScopes?: string[]
  /**
   * One line shown on the consent page: one text, or one per language of the pages (the
   * playground's own apps are described in both, docs/decisions/0009-i18n.md).
   */
  description?: string | { en: string; 'zh-CN': string }
}

export const SEED_PASSWORD = 'password'

export const DEFAULT_WEB_REDIRECT_URI = 'http://localhost:5173/callback'

export function seedApps({
  webRedirectUri = DEFAULT_WEB_REDIRECT_URI,
}: { webRedirectUri?: string } = {}): AppRegistration[] {
  return [
    {
      clientId: 'playground-web',
      clientSecret: 'playground-web-secret',
      name: 'Yuque OAuth Playground',
      description: {
        en: 'The playground web app (authorization-code flow).',
        'zh-CN': '演练场的网页应用（授权码流程）。',
      },
      redirectUris: [webRedirectUri],
    },
    {
      clientId: 'playground-cli',
      clientSecret: 'playground-cli-secret',
      name: 'Yuque OAuth Playground CLI',
      description: {
        en: 'An app without a server (client-code flow).',
        'zh-CN': '没有服务端的应用（client code 流程）。',
      },
      redirectUris: [],
    },
  ]
}

/** Keeps each login's literal type, so `SeedLogin` names exactly the seeded users. */
function withLogins<const Login extends string>(users: (SeedUser & { login: Login })[]) {
  return users
}

export const seedUsers = withLogins([
  {
    id: 1001,
    login: 'alice',
    name: 'Alice Chen',
    description: 'Technical writer on the payments platform. Keeps the API handbook up to date.',
    password: SEED_PASSWORD,
    followersCount: 128,
    followingCount: 42,
    createdAt: '2019-04-02T08:15:30.000Z',
    updatedAt: '2024-11-18T10:02:11.000Z',
    repos: [
      {
        id: 20011,
        slug: 'api-handbook',
        name: 'API Handbook',
        description: 'How our public APIs are designed, versioned and documented.',
        public: 1,
        itemsCount: 37,
        likesCount: 214,
        watchesCount: 58,
        createdAt: '2020-01-09T03:20:00.000Z',
        updatedAt: '2024-11-18T09:58:40.000Z',
        contentUpdatedAt: '2024-11-18T09:58:40.000Z',
      },
      {
        id: 20012,
        slug: 'release-notes',
        name: 'Release Notes',
        description: 'Changes to the payments SDKs, one page per release.',
        public: 1,
        itemsCount: 112,
        likesCount: 37,
        watchesCount: 91,
        createdAt: '2020-06-21T11:04:12.000Z',
        updatedAt: '2024-10-30T16:45:00.000Z',
        contentUpdatedAt: '2024-10-30T16:45:00.000Z',
      },
      {
        id: 20013,
        slug: 'drafts',
        name: 'Drafts',
        description: null,
        public: 0,
        itemsCount: 9,
        likesCount: 0,
        watchesCount: 1,
        createdAt: '2023-02-14T07:30:00.000Z',
        updatedAt: '2024-11-02T21:12:05.000Z',
        contentUpdatedAt: '2024-11-02T21:12:05.000Z',
      },
    ],
  },
  {
    id: 1002,
    login: 'bob',
    name: 'Bob Martin',
    description: null,
    password: SEED_PASSWORD,
    followersCount: 7,
    followingCount: 19,
    createdAt: '2021-09-13T14:40:00.000Z',
    updatedAt: '2024-08-05T09:12:44.000Z',
    repos: [
      {
        id: 20021,
        slug: 'homelab',
        name: 'Homelab Notes',
        description: 'Router configs, backups and the things I broke.',
        public: 1,
        itemsCount: 14,
        likesCount: 5,
        watchesCount: 2,
        createdAt: '2021-09-14T19:00:00.000Z',
        updatedAt: '2024-08-05T09:10:00.000Z',
        contentUpdatedAt: '2024-08-05T09:10:00.000Z',
      },
      {
        id: 20022,
        slug: 'reading-list',
        name: 'Reading List',
        description: null,
        public: 0,
        type: 'Sheet',
        itemsCount: 3,
        likesCount: 0,
        watchesCount: 0,
        createdAt: '2022-01-03T10:00:00.000Z',
        updatedAt: '2024-03-22T08:31:17.000Z',
        contentUpdatedAt: '2024-03-22T08:31:17.000Z',
      },
    ],
  },
  {
    id: 1003,
    login: 'wangxiaoming',
    name: '王小明',
    description: '前端工程师，喜欢把踩过的坑写成文档。',
    password: SEED_PASSWORD,
    followersCount: 356,
    followingCount: 88,
    createdAt: '2018-11-20T02:05:09.000Z',
    updatedAt: '2024-11-20T13:47:26.000Z',
    repos: [
      {
        id: 20031,
        slug: 'frontend-notes',
        name: '前端笔记',
        description: 'React、TypeScript 与构建工具的学习笔记。',
        public: 1,
        itemsCount: 86,
        likesCount: 1024,
        watchesCount: 233,
        createdAt: '2019-01-05T06:00:00.000Z',
        updatedAt: '2024-11-20T13:40:00.000Z',
        contentUpdatedAt: '2024-11-20T13:40:00.000Z',
      },
      {
        id: 20032,
        slug: 'weekly',
        name: '周报',
        description: '团队每周的进展与计划。',
        public: 2,
        itemsCount: 52,
        likesCount: 12,
        watchesCount: 18,
        createdAt: '2023-01-02T01:00:00.000Z',
        updatedAt: '2024-11-15T09:00:00.000Z',
        contentUpdatedAt: '2024-11-15T09:00:00.000Z',
      },
    ],
  },
  {
    id: 1004,
    login: 'carol',
    name: 'Carol Díaz',
    description: 'Product designer. Writes about design systems and accessible forms.',
    password: SEED_PASSWORD,
    followersCount: 61,
    followingCount: 73,
    createdAt: '2020-05-17T17:22:48.000Z',
    updatedAt: '2024-09-28T12:00:03.000Z',
    repos: [
      {
        id: 20041,
        slug: 'design-system',
        name: 'Design System',
        description: 'Tokens, components and the reasoning behind them.',
        public: 1,
        type: 'Design',
        itemsCount: 48,
        likesCount: 143,
        watchesCount: 40,
        createdAt: '2020-06-01T09:00:00.000Z',
        updatedAt: '2024-09-28T11:58:00.000Z',
        contentUpdatedAt: '2024-09-28T11:58:00.000Z',
      },
    ],
  },
])

/** The login of a seeded user: the e2e suite signs in by these (e2e/support/fixtures.ts). */
export type SeedLogin = (typeof seedUsers)[number]['login']

export const seedGroups: SeedGroup[] = [
  {
    id: 3001,
    login: 'payments-docs',
    name: 'Payments Docs',
    description: 'Everyone who writes or reviews the payments documentation.',
    public: 1,
    members: ['alice', 'wangxiaoming'],
    createdAt: '2020-01-08T02:00:00.000Z',
    updatedAt: '2024-11-01T08:00:00.000Z',
  },
  {
    id: 3002,
    login: 'design-guild',
    name: 'Design Guild',
    description: null,
    public: 1,
    members: ['carol', 'alice'],
    createdAt: '2021-03-03T10:30:00.000Z',
    updatedAt: '2024-07-19T15:20:00.000Z',
  },
  {
    id: 3003,
    login: 'frontend-infra',
    name: '前端基础设施',
    description: '构建、发布与监控工具的维护者。',
    public: 0,
    members: ['wangxiaoming'],
    createdAt: '2022-05-09T04:00:00.000Z',
    updatedAt: '2024-10-10T06:45:00.000Z',
  },
]
