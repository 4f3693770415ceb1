/**
 * The emulator's config file (`npm run emulator -- --config emulator.json`, or EMULATOR_CONFIG):
 * apps, users, fixed tokens and data added to the seed, enterprise spaces with their own, the
 * clock's start, the rate limit, a headless approval, and the listening settings.
 * docs/emulator.md#config-file describes every
 * field. The shape is one zod schema (`ConfigFileSchema`), from which
 * `src/emulator/emulator-config.schema.json` is generated (scripts/emulator-schema.ts); the
 * fields an app or a user has are the test-control API's own (control/accounts.ts), so both
 * refuse the same values with the same words. What the shape cannot say, such as a login that
 * no user has or a client id the seed has already, is checked against the seed after it
 * (config-seed-checks.ts). Every
 * refusal names the file and the field's path: `emulator.json: apps.0.redirectUris.1: …`.
 */
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { isValidSegment } from '../protocol/endpoint-path'
import { appFields, scopeList, userFields } from './control/accounts'
import { isSpaceLabel } from '../protocol/space-host'
import { seedProblems, seedView, type SeedView } from './config-seed-checks'
import { excerpt } from './emulator-error'
import { PROFILE_NAMES } from './profiles'

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

// What the main site and each enterprise space of the file have alike.
const appList = z
  .array(appFields(noCheck), { error: 'apps must be a list of apps' })
  .max(100)
  .optional()
const userList = z
  .array(userFields(noCheck), { error: 'users must be a list of users' })
  .max(1000)
  .optional()
const tokenList = z
  .array(TokenEntry, { error: 'tokens must be a list of tokens' })
  .max(1000)
  .optional()
  .describe('Personal tokens with fixed values, for a user.')
const dataEntry = z
  .object({ repos: z.array(RepoEntry, { error: 'repos must be a list' }).max(1000) })
  .strict()
  .optional()
const autoApproveEntry = z
  .object({
    login: z.string({ error: 'login must be a string, such as "alice"' }).max(64),
    scopes: scopeList.optional(),
  })
  .strict()
  .optional()
  .describe('The authorize endpoint approves as this user, without pages.')

const SpaceEntry = z
  .object(
    {
      label: z
        .string({ error: 'label must be a string, such as "acme"' })
        .refine(
          isSpaceLabel,
          'label must be 1 to 63 lowercase letters, digits and "-", neither first nor last "-", such as "acme"',
        )
        .describe('The space’s subdomain: acme is answered on acme.<public host>.'),
      name: title('name').describe('Shown on the space’s sign-in and consent pages.'),
      apps: appList.describe('OAuth apps registered in the space.'),
      users: userList.describe('The space’s users (a space of the file has no other).'),
      tokens: tokenList,
      data: dataEntry.describe('Repositories and their Markdown documents, of the space’s users.'),
      autoApprove: autoApproveEntry,
    },
    { error: 'each space must be an object such as {"label": "acme", "name": "Acme Corp"}' },
  )
  .strict()

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
      apps: appList.describe(
        'OAuth apps added to the seed’s (or replacing them: replaceSeedApps).',
      ),
      replaceSeedApps: z.boolean().optional().describe('true: only the apps of this file.'),
      users: userList.describe('Users added to the seed’s.'),
      tokens: tokenList,
      data: dataEntry.describe('Repositories and their Markdown documents, added to the seed’s.'),
      replaceSeedData: z
        .boolean()
        .optional()
        .describe('true: no repository or document of the seed, only those of data.'),
      spaces: z
        .array(SpaceEntry, { error: 'spaces must be a list of enterprise spaces' })
        .max(20)
        .optional()
        .describe('Enterprise spaces, each a tenant of its own on <label>.<public host>.'),
      replaceSeedSpaces: z
        .boolean()
        .optional()
        .describe('true: no space of the seed (acme), only those of spaces.'),
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
      autoApprove: autoApproveEntry,
    },
    { error: 'must be a JSON object of settings, such as {"apps": []}' },
  )
  .strict()

export type ConfigFile = z.output<typeof ConfigFileSchema>

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
