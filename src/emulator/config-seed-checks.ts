/**
 * What a config file's shape cannot say (config-file.ts checks the shape first): names that must
 * exist (a token's or a repository's user, `autoApprove`'s login) and names that must be new (a
 * client id, a login, a token, a repository, a document, a space's label), against the seed of
 * `npm run emulator`. The main site's part is checked against the main seed; each of `spaces`
 * against nothing but itself, since a space of the file starts empty (seed-space.ts has the seed's
 * own); docs/emulator.md#config-file. Every issue names the field's path in the file.
 */
import { excerpt } from './emulator-error'
import { createModel } from './model/create-model'
import { ownerLogin } from './model/state'
import { seedApps, seedGroups, seedUsers } from './seed'
import { seedSpaces } from './seed-space'
import { personalScopeProblem } from './control/accounts'

/** What a config file adds to: the seed's logins, apps, repositories and spaces. */
export interface SeedView {
  users: readonly string[]
  teams: readonly string[]
  apps: readonly string[]
  /** `owner/slug` of every repository of the seed. */
  repos: readonly string[]
  /** The labels of the seed's enterprise spaces. */
  spaces: readonly string[]
}

/** A tenant with no seed: a space of the file. */
const NOTHING: SeedView = { users: [], teams: [], apps: [], repos: [], spaces: [] }

/** The seed of `npm run emulator` (seed.ts, model/seed-content.ts), as the checks need it. */
export function seedView(): SeedView {
  const model = createModel({ users: seedUsers, groups: seedGroups, now: Date.now })
  return {
    users: seedUsers.map((user) => user.login),
    teams: model.teams.map((team) => team.login),
    apps: seedApps().map((app) => app.clientId),
    repos: model.books.map((book) => `${ownerLogin(model, book)}/${book.slug}`),
    spaces: seedSpaces().map((space) => space.label),
  }
}

/** The fields of one tenant's part of the file that these checks read. */
interface TenantPart {
  apps?: readonly { clientId: string }[] | undefined
  replaceSeedApps?: boolean | undefined
  users?: readonly { login: string }[] | undefined
  tokens?: readonly { token: string; login: string; scopes: readonly string[] }[] | undefined
  data?:
    | {
        repos: readonly {
          owner: string
          slug: string
          docs?: readonly { slug: string }[] | undefined
        }[]
      }
    | undefined
  replaceSeedData?: boolean | undefined
  autoApprove?: { login: string } | undefined
}

interface FilePart extends TenantPart {
  spaces?: readonly (TenantPart & { label: string })[] | undefined
  replaceSeedSpaces?: boolean | undefined
}

const LISTED = 10
const listOf = (names: readonly string[]) =>
  names.length <= LISTED
    ? names.join(', ')
    : `${names.slice(0, LISTED).join(', ')} and ${names.length - LISTED} more`

type Path = (string | number)[]
type Issue = { path: Path; message: string }

/**
 * The issues of one tenant's part at `at` (`[]` for the main site, `['spaces', i]` for a space),
 * against that tenant's seed.
 */
function tenantProblems(file: TenantPart, seed: SeedView, at: Path): Issue[] {
  const issues: Issue[] = []
  const firstAt = new Map<string, string>()
  /** Whether `key` was seen before; if so, an issue at `path` saying where. */
  const isRepeated = (key: string, path: Path, what: string) => {
    const earlier = firstAt.get(key)
    if (earlier === undefined) {
      firstAt.set(key, [...at, ...path.slice(0, -1)].join('.'))
      return false
    }
    issues.push({ path: [...at, ...path], message: `${what} is listed already (${earlier})` })
    return true
  }
  const issue = (path: Path, message: string) => issues.push({ path: [...at, ...path], message })

  const seedApps = file.replaceSeedApps === true ? [] : seed.apps
  ;(file.apps ?? []).forEach((app, i) => {
    const path = ['apps', i, 'clientId']
    if (isRepeated(`app:${app.clientId}`, path, `an app "${app.clientId}"`)) return
    if (seedApps.includes(app.clientId)) {
      issue(
        path,
        `the seed has an app "${app.clientId}" already; set "replaceSeedApps": true to replace the seed's apps`,
      )
    }
  })

  const users = [...seed.users]
  ;(file.users ?? []).forEach((user, i) => {
    const path = ['users', i, 'login']
    if (isRepeated(`login:${user.login}`, path, `a user "${user.login}"`)) return
    if (seed.users.includes(user.login)) {
      issue(path, `the seed has a user "${user.login}" already`)
    } else if (seed.teams.includes(user.login)) {
      issue(path, `a team "${user.login}" has this login: users and teams share one namespace`)
    } else {
      users.push(user.login)
    }
  })
  const noUser = (login: string) =>
    users.includes(login)
      ? null
      : `no user "${excerpt(login, 40)}"; the users are ${users.length === 0 ? 'none' : listOf(users)}`

  ;(file.tokens ?? []).forEach((token, i) => {
    isRepeated(`token:${token.token}`, ['tokens', i, 'token'], 'this token')
    const login = noUser(token.login)
    if (login !== null) issue(['tokens', i, 'login'], login)
    const scopes = personalScopeProblem(token.scopes)
    if (scopes !== null) issue(['tokens', i, 'scopes'], scopes)
  })

  const owners = [...users, ...seed.teams]
  const seedRepos = file.replaceSeedData === true ? [] : seed.repos
  ;(file.data?.repos ?? []).forEach((repo, i) => {
    if (!owners.includes(repo.owner)) {
      issue(
        ['data', 'repos', i, 'owner'],
        `no user or team "${excerpt(repo.owner, 40)}"; the owners are ${owners.length === 0 ? 'none' : listOf(owners)}`,
      )
    }
    const namespace = `${repo.owner}/${repo.slug}`
    const path = ['data', 'repos', i, 'slug']
    if (!isRepeated(`repo:${namespace}`, path, `a repository "${namespace}"`)) {
      if (seedRepos.includes(namespace)) {
        issue(
          path,
          `the seed has a repository "${namespace}" already; set "replaceSeedData": true to start from this file's data only`,
        )
      }
    }
    ;(repo.docs ?? []).forEach((doc, j) => {
      const docAt = ['data', 'repos', i, 'docs', j, 'slug']
      isRepeated(`doc:${namespace}/${doc.slug}`, docAt, `a document "${doc.slug}" of ${namespace}`)
    })
  })

  if (file.autoApprove !== undefined) {
    const login = noUser(file.autoApprove.login)
    if (login !== null) issue(['autoApprove', 'login'], login)
  }
  return issues
}

/** What the file's shape cannot say: names that must exist, and names that must be new. */
export function seedProblems(file: FilePart, seed: SeedView): Issue[] {
  const issues = tenantProblems(file, seed, [])
  const seedSpaceLabels = file.replaceSeedSpaces === true ? [] : seed.spaces
  const firstAt = new Map<string, number>()
  ;(file.spaces ?? []).forEach((space, i) => {
    const path = ['spaces', i, 'label']
    const earlier = firstAt.get(space.label)
    if (earlier !== undefined) {
      issues.push({
        path,
        message: `a space "${space.label}" is listed already (spaces.${earlier})`,
      })
    } else if (seedSpaceLabels.includes(space.label)) {
      issues.push({
        path,
        message: `the seed has a space "${space.label}" already; set "replaceSeedSpaces": true to replace the seed's spaces`,
      })
    }
    if (earlier === undefined) firstAt.set(space.label, i)
    issues.push(...tenantProblems(space, NOTHING, ['spaces', i]))
  })
  return issues
}
