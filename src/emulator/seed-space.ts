/**
 * The seed's enterprise space, `acme` ("Acme Corp"), answered on `acme.<public host>`
 * (src/protocol/space-host.ts; docs/emulator.md#enterprise-spaces). A space is a tenant of its own
 * (docs/service.md#enterprise-spaces): its users, teams, repositories, documents and ids are not
 * the main site's. Its `alice` has the login of the main site's alice and is another account,
 * with another id, password check and repositories. Its app `playground-web` is registered in the
 * space, as a space's apps are on the service; the seed gives it the main seed app's client id,
 * secret and redirect URI (seed.ts) for convenience, so the playground's default app signs in to
 * either. Demo values, printed at start-up; none of it is secret.
 */
import type { SeedContent } from './model/seed-content'
import {
  DEFAULT_WEB_REDIRECT_URI,
  SEED_PASSWORD,
  seedApps,
  type AppRegistration,
  type SeedGroup,
  type SeedUser,
} from './seed'

/** A space as the seed (or a config file, or a test) gives it; a reset builds it again. */
export interface SeedSpace {
  /** Its second-level domain: `acme` of `acme.yuque.com`. */
  label: string
  /** Shown on its sign-in and consent pages. */
  name: string
  users: SeedUser[]
  groups: SeedGroup[]
  apps: AppRegistration[]
  /** Its demo data beyond the sign-in seed (documents, tables of contents); none when absent. */
  content?: SeedContent
}

const ACME_USERS: SeedUser[] = [
  {
    id: 7001,
    login: 'alice',
    name: 'Alice Chen',
    description: 'API platform lead at Acme Corp.',
    password: SEED_PASSWORD,
    followersCount: 12,
    followingCount: 3,
    createdAt: '2023-03-01T02:00:00.000Z',
    updatedAt: '2024-11-12T08:30:00.000Z',
    repos: [
      {
        id: 7201,
        slug: 'roadmap',
        name: 'Platform Roadmap',
        description: 'What the platform team builds next.',
        public: 0,
        itemsCount: 1,
        likesCount: 0,
        watchesCount: 2,
        createdAt: '2023-03-02T02:00:00.000Z',
        updatedAt: '2024-11-12T08:30:00.000Z',
        contentUpdatedAt: '2024-11-12T08:30:00.000Z',
      },
    ],
  },
  {
    id: 7002,
    login: 'li-lei',
    name: '李雷',
    description: 'Acme 的后端工程师，负责网关。',
    password: SEED_PASSWORD,
    followersCount: 5,
    followingCount: 8,
    createdAt: '2023-04-10T01:00:00.000Z',
    updatedAt: '2024-10-01T03:00:00.000Z',
    repos: [],
  },
  {
    id: 7003,
    login: 'dana',
    name: 'Dana Ortiz',
    description: null,
    password: SEED_PASSWORD,
    followersCount: 0,
    followingCount: 1,
    createdAt: '2024-01-08T09:00:00.000Z',
    updatedAt: '2024-01-08T09:00:00.000Z',
    repos: [],
  },
]

const ACME_GROUPS: SeedGroup[] = [
  {
    id: 7101,
    login: 'platform',
    name: 'Platform 平台组',
    description: 'The gateway, the SDKs and their documentation.',
    public: 1,
    // The first member is the team's admin (create-model.ts).
    members: ['alice', 'li-lei'],
    repos: [
      {
        id: 7202,
        slug: 'handbook',
        name: 'Engineering Handbook 工程手册',
        description: 'How Acme builds and runs its services.',
        public: 1,
        itemsCount: 2,
        likesCount: 6,
        watchesCount: 4,
        createdAt: '2023-03-05T02:00:00.000Z',
        updatedAt: '2024-09-20T06:00:00.000Z',
        contentUpdatedAt: '2024-09-20T06:00:00.000Z',
      },
    ],
    createdAt: '2023-03-05T01:00:00.000Z',
    updatedAt: '2024-09-20T06:00:00.000Z',
  },
]

const ACME_CONTENT: SeedContent = {
  roles: {},
  extraTeams: [],
  teamBooks: [],
  docs: [
    {
      id: 7301,
      bookId: 7201,
      slug: 'next-quarter',
      title: 'Next quarter',
      author: 'alice',
      body: 'Private to Acme: a sandbox tenant, webhooks, rotating keys.',
      readCount: 3,
      likesCount: 0,
      createdAt: '2024-11-12T08:30:00.000Z',
    },
    {
      id: 7311,
      bookId: 7202,
      slug: 'onboarding',
      title: 'Onboarding 入职指南',
      author: 'alice',
      body: '# Onboarding\n\nAsk the platform team for a token of the Acme space.',
      readCount: 42,
      likesCount: 5,
      history: ['# Onboarding\n\nDraft.'],
      createdAt: '2023-03-06T02:00:00.000Z',
    },
    {
      id: 7312,
      bookId: 7202,
      slug: 'api-keys',
      title: 'API keys 接口密钥',
      author: 'li-lei',
      body: '空间的令牌只在本空间有效。A token of this space works here only.',
      readCount: 17,
      likesCount: 1,
      createdAt: '2024-09-20T06:00:00.000Z',
    },
  ],
  tocs: {
    7202: [
      { uuid: 'acme-onboarding', type: 'DOC', docId: 7311 },
      { uuid: 'acme-api-keys', type: 'DOC', docId: 7312 },
    ],
  },
}

/**
 * The seed's spaces: `acme`, whose `playground-web` has the main seed app's client id, secret
 * and redirect URI (`<APP_ORIGIN>/callback`, as `seedApps` takes it).
 */
export function seedSpaces({
  webRedirectUri = DEFAULT_WEB_REDIRECT_URI,
}: { webRedirectUri?: string } = {}): SeedSpace[] {
  const web = seedApps({ webRedirectUri }).filter((app) => app.clientId === 'playground-web')
  return [
    {
      label: 'acme',
      name: 'Acme Corp',
      users: ACME_USERS,
      groups: ACME_GROUPS,
      apps: web.map((app) => ({
        ...app,
        description: {
          en: 'The playground web app, registered in the Acme Corp space.',
          'zh-CN': '演练场的网页应用，注册在 Acme Corp 空间。',
        },
      })),
      content: ACME_CONTENT,
    },
  ]
}
