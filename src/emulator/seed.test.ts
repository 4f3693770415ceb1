import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { GroupSchema, RepoSchema, UserSchema } from '../protocol/schemas'
import { SCOPES } from '../protocol/scopes'
import { allowedScopesOf } from './context'
import { createDirectory } from './api/records'
import { bookShape, teamShape, userRecordOf } from './api/shapes'
import { createModel } from './model/create-model'
import { SEED_PASSWORD, seedApps, seedGroups, seedUsers } from './seed'

const ORIGIN = 'http://127.0.0.1:4010'

/** The API's model as the emulator builds it from the seed (api-routes.ts). */
const seedModel = () => createModel({ users: seedUsers, groups: seedGroups, now: () => 0 })

describe('the seed', () => {
  it('has alice (1001), bob (1002), a CJK name and a null description, all with password "password"', () => {
    expect(seedUsers.length).toBeGreaterThanOrEqual(4)
    expect(seedUsers.find((u) => u.login === 'alice')?.id).toBe(1001)
    expect(seedUsers.find((u) => u.login === 'bob')?.id).toBe(1002)
    expect(seedUsers.some((u) => /\p{Script=Han}/u.test(u.name))).toBe(true)
    expect(seedUsers.some((u) => u.description === null)).toBe(true)
    expect(
      seedUsers.every((u) => u.password === SEED_PASSWORD && SEED_PASSWORD === 'password'),
    ).toBe(true)
  })

  it('has unique user ids, logins and repository ids', () => {
    expect(new Set(seedUsers.map((u) => u.id)).size).toBe(seedUsers.length)
    expect(new Set(seedUsers.map((u) => u.login)).size).toBe(seedUsers.length)
    const repoIds = seedUsers.flatMap((u) => u.repos.map((r) => r.id))
    expect(new Set(repoIds).size).toBe(repoIds.length)
    expect(seedUsers.every((u) => u.repos.length >= 1)).toBe(true)
  })

  it('registers the two demo apps, the web one on the default callback', () => {
    const [web, cli] = seedApps()
    expect(web).toMatchObject({
      clientId: 'playground-web',
      clientSecret: 'playground-web-secret',
      redirectUris: ['http://localhost:5173/callback'],
    })
    expect(cli).toMatchObject({ clientId: 'playground-cli', clientSecret: 'playground-cli-secret' })
  })

  it('registers the web app on a configured callback', () => {
    const [web] = seedApps({ webRedirectUri: 'http://localhost:9999/callback' })
    expect(web?.redirectUris).toEqual(['http://localhost:9999/callback'])
  })

  it('enables attach_upload for no app by default, and every other scope', () => {
    for (const app of seedApps()) {
      const allowed = allowedScopesOf(app)
      expect(allowed).not.toContain('attach_upload')
      expect(allowed).toEqual(SCOPES.filter((s) => !s.needsApproval).map((s) => s.name))
    }
  })
})

describe('the records built from the seed', () => {
  it('parse as users, with no e-mail or telephone', () => {
    const state = seedModel()
    for (const user of seedUsers) {
      const record = userRecordOf(state, user, ORIGIN)
      expect(z.strictObject(UserSchema.shape).parse(record)).toEqual(record)
      expect(record.avatar_url).toBe(`${ORIGIN}/avatars/${user.login}.svg`)
    }
  })

  it('parse as repositories with namespace <login>/<slug>, once in the model', () => {
    const state = seedModel()
    for (const user of seedUsers) {
      for (const repo of user.repos) {
        const book = state.books.find((candidate) => candidate.id === repo.id)
        expect(book).toBeDefined()
        const record = RepoSchema.parse(bookShape(state, book!, ORIGIN))
        expect(record).toMatchObject({ namespace: `${user.login}/${repo.slug}`, user_id: user.id })
      }
    }
  })

  it('parse as groups whose members exist', () => {
    const directory = createDirectory(seedUsers, seedGroups)
    const state = seedModel()
    for (const group of seedGroups) {
      const team = state.teams.find((candidate) => candidate.id === group.id)
      expect(team).toBeDefined()
      expect(GroupSchema.parse(teamShape(state, team!, ORIGIN))).toMatchObject({
        login: group.login,
        members_count: group.members.length,
      })
      for (const login of group.members) expect(directory.userByLogin(login)).toBeDefined()
    }
    expect(seedUsers.some((u) => directory.groupsOf(u).length > 0)).toBe(true)
  })
})
