/**
 * The emulator's config file (`npm run emulator -- --config emulator.json`, or EMULATOR_CONFIG):
 * apps, users, fixed tokens and data added to the seed, the clock's start, the rate limit, a
 * headless approval, and the listening settings. docs/emulator.md#config-file describes every
 * field. The shape is one zod schema (`ConfigFileSchema`), from which
 * `src/emulator/emulator-config.schema.json` is generated (scripts/emulator-schema.ts); the
 * fields an app or a user has are the test-control API's own (control/accounts.ts), so both
 * refuse the same values with the same words. What the shape cannot say, such as a login that
 * no user has or a client id the seed has already, is checked against the seed after it. Every
 * refusal names the file and the field's path: `emulator.json: apps.0.redirectUris.1: …`.
 */
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { isValidSegment } from '../protocol/endpoint-path'
import { appFields, personalScopeProblem, scopeList, userFields } from './control/accounts'
import { excerpt } from './emulator-error'
import { createModel } from './model/create-model'
import { ownerLogin } from './model/state'
import { PROFILE_NAMES } from './profiles'
import { seedApps, seedGroups, seedUsers } from './seed'

/** A token given in the file: long enough not to be guessed, in a header's safe alphabet. */
const TOKEN_PATTERN = /^[A-Za-z0-9._-]{16,128}$/

const noCheck = () => null

/** A slug a path can name (src/protocol/endpoint-path.ts), not dots alone (a dot segment). */
function slugField(what: 'repository' | 'document') {
  return z
    .string({ error: 'slug must be a string' })
    .refine(
      (slug) => isValidSegment('slug', slug) && !/^\.+$/.test(slug),
      'slug must be 1 to 190 letters, digits, ".", "-" or "_", not dots alone',
    )
    .refine(
      // `/repos/{book_id}/docs/{id}` takes a document's slug or its id: digits would read as an id.
      (slug) => what === 'repository' || !/^[0-9]+$/.test(slug),
      'a document slug must not be digits only, which reads as a document id',
    )
}

const title = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .min(1, `${field} must not be empty`)
    .max(200)

const DocEntry = z
  .object({
    slug: slugField('document'),
    title: title('title'),
    body: z.string({ error: 'body must be a string of Markdown' }).max(64 * 1024),
  })
  .strict()

const RepoEntry = z
  .object({
    owner: z.string({ error: 'owner must be the login of a user or a team' }).max(64),
    slug: slugField('repository'),
    name: title('name'),
    public: z.boolean({ error: 'public must be true or false' }),
    docs: z.array(DocEntry, { error: 'docs must be a list of documents' }).max(200).optional(),
  })
  .strict()

const TokenEntry = z
  .object({
    token: z
      .string({ error: 'token must be a string' })
      .regex(TOKEN_PATTERN, 'token must be 16 to 128 letters, digits, ".", "_" or "-"'),
    login: z.string({ error: 'login must be a string, such as "alice"' }).max(64),
    scopes: scopeList,
  })
  .strict()

const wholeNumber = (field: string, max: number) =>
  z
    .int({ error: `${field} must be a whole number` })
    .min(1, `${field} must be at least 1`)
    .max(max, `${field} must be at most ${max}`)

export const ConfigFileSchema = z
  .object(
    {
      $schema: z.string().optional().describe('The JSON Schema of this file, for editors.'),
      port: wholeNumber('port', 65535).optional().describe('Default 4010.'),
      host: z.string().optional().describe('The interface to bind. Default 127.0.0.1.'),
      publicUrl: z
        .string()
        .optional()
        .describe('The origin clients use, such as http://yuque:4010.'),
      profile: z
        .enum(PROFILE_NAMES, { error: 'profile must be "seed" or "observed"' })
        .optional()
        .describe('Default seed.'),
      apps: z
        .array(appFields(noCheck), { error: 'apps must be a list of apps' })
        .max(100)
        .optional()
        .describe('OAuth apps added to the seed’s (or replacing them: replaceSeedApps).'),
      replaceSeedApps: z.boolean().optional().describe('true: only the apps of this file.'),
      users: z
        .array(userFields(noCheck), { error: 'users must be a list of users' })
        .max(1000)
        .optional()
        .describe('Users added to the seed’s.'),
      tokens: z
        .array(TokenEntry, { error: 'tokens must be a list of tokens' })
        .max(1000)
        .optional()
        .describe('Personal tokens with fixed values, for a user.'),
      data: z
        .object({ repos: z.array(RepoEntry, { error: 'repos must be a list' }).max(1000) })
        .strict()
        .optional()
        .describe('Repositories and their Markdown documents, added to the seed’s.'),
      replaceSeedData: z
        .boolean()
        .optional()
        .describe('true: no repository or document of the seed, only those of data.'),
      clock: z
        .object({
          start: z.iso.datetime({
            offset: true,
            error: 'start must be an ISO 8601 date-time, such as "2025-01-15T10:00:00Z"',
          }),
        })
        .strict()
        .optional()
        .describe('The emulator’s clock starts at start and runs on; a reset starts it again.'),
      rateLimit: z
        .object({
          limit: wholeNumber('limit', 1_000_000_000),
          windowMs: wholeNumber('windowMs', 366 * 86_400_000),
        })
        .strict()
        .optional()
        .describe('Calls per window for every caller. Default 5000 an hour.'),
      autoApprove: z
        .object({
          login: z.string({ error: 'login must be a string, such as "alice"' }).max(64),
          scopes: scopeList.optional(),
        })
        .strict()
        .optional()
        .describe('The authorize endpoint approves as this user, without pages.'),
    },
    { error: 'must be a JSON object of settings, such as {"apps": []}' },
  )
  .strict()

export type ConfigFile = z.output<typeof ConfigFileSchema>

/** What a config file adds to: the seed's logins, apps and repositories. */
export interface SeedView {
  users: readonly string[]
  teams: readonly string[]
  apps: readonly string[]
  /** `owner/slug` of every repository of the seed. */
  repos: readonly string[]
}

/** The seed of `npm run emulator` (seed.ts, model/seed-content.ts), as the checks need it. */
export function seedView(): SeedView {
  const model = createModel({ users: seedUsers, groups: seedGroups, now: Date.now })
  return {
    users: seedUsers.map((user) => user.login),
    teams: model.teams.map((team) => team.login),
    apps: seedApps().map((app) => app.clientId),
    repos: model.books.map((book) => `${ownerLogin(model, book)}/${book.slug}`),
  }
}

const LISTED = 10
const listOf = (names: readonly string[]) =>
  names.length <= LISTED
    ? names.join(', ')
    : `${names.slice(0, LISTED).join(', ')} and ${names.length - LISTED} more`

type Issue = { path: (string | number)[]; message: string }

/** What the file's shape cannot say: names that must exist, and names that must be new. */
export function seedProblems(file: ConfigFile, seed: SeedView): Issue[] {
  const issues: Issue[] = []
  const firstAt = new Map<string, string>()
  /** Whether `key` was seen before; if so, an issue at `path` saying where. */
  const isRepeated = (key: string, path: (string | number)[], what: string) => {
    const earlier = firstAt.get(key)
    if (earlier === undefined) {
      firstAt.set(key, path.slice(0, -1).join('.'))
      return false
    }
    issues.push({ path, message: `${what} is listed already (${earlier})` })
    return true
  }

  const seedApps = file.replaceSeedApps === true ? [] : seed.apps
  ;(file.apps ?? []).forEach((app, i) => {
    const path = ['apps', i, 'clientId']
    if (isRepeated(`app:${app.clientId}`, path, `an app "${app.clientId}"`)) return
    if (seedApps.includes(app.clientId)) {
      issues.push({
        path,
        message: `the seed has an app "${app.clientId}" already; set "replaceSeedApps": true to replace the seed's apps`,
      })
    }
  })

  const users = [...seed.users]
  ;(file.users ?? []).forEach((user, i) => {
    const path = ['users', i, 'login']
    if (isRepeated(`login:${user.login}`, path, `a user "${user.login}"`)) return
    if (seed.users.includes(user.login)) {
      issues.push({ path, message: `the seed has a user "${user.login}" already` })
    } else if (seed.teams.includes(user.login)) {
      issues.push({
        path,
        message: `a team "${user.login}" has this login: users and teams share one namespace`,
      })
    } else {
      users.push(user.login)
    }
  })
  const noUser = (login: string) =>
    users.includes(login) ? null : `no user "${excerpt(login, 40)}"; the users are ${listOf(users)}`

  ;(file.tokens ?? []).forEach((token, i) => {
    isRepeated(`token:${token.token}`, ['tokens', i, 'token'], 'this token')
    const login = noUser(token.login)
    if (login !== null) issues.push({ path: ['tokens', i, 'login'], message: login })
    const scopes = personalScopeProblem(token.scopes)
    if (scopes !== null) issues.push({ path: ['tokens', i, 'scopes'], message: scopes })
  })

  const owners = [...users, ...seed.teams]
  const seedRepos = file.replaceSeedData === true ? [] : seed.repos
  ;(file.data?.repos ?? []).forEach((repo, i) => {
    if (!owners.includes(repo.owner)) {
      issues.push({
        path: ['data', 'repos', i, 'owner'],
        message: `no user or team "${excerpt(repo.owner, 40)}"; the owners are ${listOf(owners)}`,
      })
    }
    const namespace = `${repo.owner}/${repo.slug}`
    const path = ['data', 'repos', i, 'slug']
    if (!isRepeated(`repo:${namespace}`, path, `a repository "${namespace}"`)) {
      if (seedRepos.includes(namespace)) {
        issues.push({
          path,
          message: `the seed has a repository "${namespace}" already; set "replaceSeedData": true to start from this file's data only`,
        })
      }
    }
    ;(repo.docs ?? []).forEach((doc, j) => {
      const at = ['data', 'repos', i, 'docs', j, 'slug']
      isRepeated(`doc:${namespace}/${doc.slug}`, at, `a document "${doc.slug}" of ${namespace}`)
    })
  })

  if (file.autoApprove !== undefined) {
    const login = noUser(file.autoApprove.login)
    if (login !== null) issues.push({ path: ['autoApprove', 'login'], message: login })
  }
  return issues
}

/** The fields an object of the schema has at `path`, for "unknown field" (a typo's neighbours). */
function fieldsAt(path: readonly PropertyKey[]): string[] {
  let schema: z.ZodType = ConfigFileSchema
  for (const step of path) {
    while (schema instanceof z.ZodOptional) schema = schema.unwrap() as z.ZodType
    if (schema instanceof z.ZodArray && typeof step === 'number') {
      schema = schema.element as z.ZodType
    } else if (schema instanceof z.ZodObject && typeof step === 'string') {
      const next = (schema.shape as Record<string, z.ZodType | undefined>)[step]
      if (next === undefined) return []
      schema = next
    } else {
      return []
    }
  }
  while (schema instanceof z.ZodOptional) schema = schema.unwrap() as z.ZodType
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : []
}

/** One line per refusal: `<field path>: <why>`, an unknown field named by its own path. */
function describeIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const known = fieldsAt(issue.path)
      return issue.keys.map(
        (key) =>
          `${[...issue.path, excerpt(key, 40)].join('.')}: unknown field${known.length === 0 ? '' : `; the fields here are ${known.join(', ')}`}`,
      )
    }
    return [issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`]
  })
}

export type ConfigFileResult = { ok: true; file: ConfigFile } | { ok: false; errors: string[] }

/** The config file at `path`, checked; every error starts with the path as given. */
export function readConfigFile(path: string, seed: SeedView = seedView()): ConfigFileResult {
  const fail = (errors: string[]): ConfigFileResult => ({
    ok: false,
    errors: errors.map((error) => `${path}: ${error}`),
  })
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error)
    return fail([`cannot be read (${code})`])
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return fail([`is not JSON: ${error instanceof Error ? error.message : String(error)}`])
  }
  const parsed = ConfigFileSchema.safeParse(json)
  if (!parsed.success) return fail(describeIssues(parsed.error.issues))
  const problems = seedProblems(parsed.data, seed)
  if (problems.length > 0) {
    return fail(problems.map((issue) => `${issue.path.join('.')}: ${issue.message}`))
  }
  return { ok: true, file: parsed.data }
}
