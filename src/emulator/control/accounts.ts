/**
 * Test control's accounts: a token without the sign-in and consent pages, and OAuth apps and
 * users added at run time, all forgotten by a reset (emulator-state.ts). Each body is checked by
 * a zod schema against the emulator as it is now, and every refusal names its field: a test that
 * asks for a user, a scope or an app the emulator does not have learns which one, and what there
 * is instead. A token made here is a token like any other (mint-token.ts): the same store, the
 * same scope checks, revocable by `POST /__emulator/revoke`.
 */
import { z } from 'zod'
import { SCOPES, canonicalScopes, formatScopes, scopeInfo } from '../../protocol/scopes'
import { parseUserKey } from '../../protocol/user-key'
import type { RandomFill } from '../../protocol/client-code'
import { allowedScopesOf } from '../context'
import type { TenantState } from '../emulator-state'
import { excerpt } from '../emulator-error'
import { refusedScope } from '../oauth/authorize-request'
import type { AppRegistration } from '../seed'
import { mintToken } from '../oauth/mint-token'

const SCOPE_NAMES = SCOPES.map((scope) => scope.name)

/** At most this many names are listed in a refusal. */
const LISTED = 10
const listOf = (names: readonly string[]) =>
  names.length <= LISTED
    ? names.join(', ')
    : `${names.slice(0, LISTED).join(', ')} and ${names.length - LISTED} more`

/** A list of the emulator's scope names (src/protocol/scopes.ts), each refusal naming the scope. */
export const scopeList = z
  .array(
    z.enum(SCOPE_NAMES as [string, ...string[]], {
      // Only a string is quoted: String() of a list nested thousands deep overflows the stack
      // (fuzz.test.ts found it, a 500).
      error: (issue) =>
        `${typeof issue.input === 'string' ? `unknown scope ${JSON.stringify(excerpt(issue.input, 40))}` : 'a scope must be a string'}; the emulator's scopes are ${SCOPE_NAMES.join(', ')}`,
    }),
    { error: 'scopes must be a list of scope names, such as ["repo:read"]' },
  )
  .max(SCOPE_NAMES.length * 2)

/** `schema`, then what `problem` finds in its value against the emulator as it is now. */
function checked<T extends z.ZodType>(schema: T, problem: (value: z.output<T>) => string | null) {
  return schema.superRefine((value, ctx) => {
    const found = problem(value)
    if (found !== null) ctx.addIssue({ code: 'custom', message: found })
  })
}

/** What `POST /__emulator/tokens` answers: the token endpoint's answer, and whose token it is. */
export interface IssuedToken {
  access_token: string
  token_type: 'bearer'
  scope: string
  login: string
}

function tokenSchema(state: TenantState) {
  return z
    .object({
      login: checked(
        z.string({ error: 'login must be a string, such as "alice"' }).max(64),
        (login) =>
          state.directory.userByLogin(login) === undefined
            ? `no user "${excerpt(login, 40)}"; the users are ${listOf(state.directory.users.map((user) => user.login))}`
            : null,
      ),
      scopes: scopeList,
      app: checked(z.string({ error: 'app must be the client id of an app' }).max(64), (id) =>
        state.apps.has(id)
          ? null
          : `no app with client id "${excerpt(id, 40)}"; the apps are ${listOf([...state.apps.keys()])}`,
      ).optional(),
    })
    .strict()
    .superRefine((body, ctx) => {
      const app = body.app === undefined ? undefined : state.apps.get(body.app)
      const problem =
        app === undefined ? personalScopeProblem(body.scopes) : appScopeProblem(app, body.scopes)
      if (problem !== null) ctx.addIssue({ code: 'custom', path: ['scopes'], message: problem })
    })
}
export type TokenInput = z.input<ReturnType<typeof tokenSchema>>

/** docs/service.md#operator-approved-scopes: a personal token never has such a scope. */
export function personalScopeProblem(scopes: readonly string[]): string | null {
  const approved = scopes.find((scope) => scopeInfo(scope)?.needsApproval === true)
  return approved === undefined
    ? null
    : `"${approved}" needs the service's approval, so only an app that allows it gets it (name one in "app"): a personal token never has it`
}

/** What the authorize endpoint would refuse to the app (authorize-request.ts). */
function appScopeProblem(app: AppRegistration, scopes: readonly string[]): string | null {
  const refused = refusedScope(app, scopes)
  return refused === undefined
    ? null
    : `the app "${app.clientId}" may not be granted "${refused}"; it allows ${allowedScopesOf(app).join(', ')}`
}

/** RFC 6749 §3.1.2: an absolute URI without a fragment; http(s) only (docs/emulator.md). */
function redirectUriProblem(uri: string): string | null {
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    return 'must be an absolute URL, such as "http://127.0.0.1:3000/callback"'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `must be an http or https URL, not ${url.protocol.slice(0, 20)}`
  }
  if (uri.includes('#')) return 'must not have a fragment ("#…"): RFC 6749 §3.1.2'
  return null
}

/**
 * The fields of an app, as `POST /__emulator/apps` and a config file's `apps` (config-file.ts)
 * take them; `taken` says why a client id cannot be used, or null.
 */
export function appFields(taken: (clientId: string) => string | null) {
  return z
    .object({
      clientId: checked(
        z
          .string({ error: 'clientId must be a string' })
          .regex(
            /^[A-Za-z0-9._-]{1,64}$/,
            'clientId must be 1 to 64 letters, digits, ".", "_" or "-"',
          ),
        taken,
      ),
      clientSecret: z
        .string({ error: 'clientSecret must be a string' })
        .regex(/^[\x21-\x7e]{1,256}$/, 'clientSecret must be 1 to 256 printable ASCII characters'),
      redirectUris: z
        .array(
          checked(
            z.string({ error: 'each redirect URI must be a string' }).max(2048),
            redirectUriProblem,
          ),
          {
            error: 'redirectUris must be a list of URLs ([] for an app of the client-code flow)',
          },
        )
        .max(20),
      scopes: scopeList.optional(),
      name: z
        .string({ error: 'name must be a string' })
        .trim()
        .min(1, 'name must not be empty')
        .max(100)
        .optional(),
    })
    .strict()
}

/** The app an accepted body registers: its name defaults to its client id. */
export function registrationOf(body: z.output<ReturnType<typeof appFields>>): AppRegistration {
  const scopes = body.scopes === undefined ? undefined : [...new Set(body.scopes)]
  return {
    clientId: body.clientId,
    clientSecret: body.clientSecret,
    name: body.name ?? body.clientId,
    redirectUris: body.redirectUris,
    ...(scopes === undefined ? {} : { allowedScopes: scopes }),
  }
}

function appSchema(state: TenantState) {
  return appFields((id) => (state.apps.has(id) ? `an app "${id}" exists already` : null))
}
export type AppInput = z.input<ReturnType<typeof appSchema>>

/** What a login already in use says: users and teams share one namespace. */
export function loginInUse(login: string, owner: 'user' | 'team' | undefined): string | null {
  if (owner === 'user') return `a user "${login}" exists already`
  if (owner === 'team') {
    return `a team "${login}" has this login: users and teams share one namespace`
  }
  return null
}

/**
 * Why `login` cannot name a new account (protocol/user-key.ts: the service's alphabet), else
 * what `taken` says of it, or null.
 */
function loginProblem(login: string, taken: (login: string) => string | null): string | null {
  const parsed = parseUserKey(login)
  if (!parsed.ok) return parsed.message
  if (parsed.key.kind === 'id') {
    return `"${excerpt(login, 40)}" is digits only, which reads as a user id: a login needs a letter, "-" or "_"`
  }
  if (parsed.key.login !== login) return 'a login has no spaces around it'
  return taken(login)
}

/**
 * The fields of a user, as `POST /__emulator/users` and a config file's `users` take them;
 * `taken` says why a valid login cannot be used, or null.
 */
export function userFields(taken: (login: string) => string | null) {
  return z
    .object({
      login: checked(z.string({ error: 'login must be a string' }), (login) =>
        loginProblem(login, taken),
      ),
      name: z
        .string({ error: 'name must be a string' })
        .trim()
        .min(1, 'name must not be empty')
        .max(100),
      password: z
        .string({ error: 'password must be a string' })
        .min(1, 'password must not be empty')
        .max(128),
    })
    .strict()
}

function userSchema(state: TenantState) {
  return userFields((login) =>
    loginInUse(
      login,
      state.directory.userByLogin(login) !== undefined
        ? 'user'
        : state.model.teams.some((team) => team.login === login)
          ? 'team'
          : undefined,
    ),
  )
}
export type UserInput = z.input<ReturnType<typeof userSchema>>

export interface Accounts {
  issueToken(input: TokenInput): IssuedToken
  addApp(input: AppInput): {
    clientId: string
    name: string
    redirectUris: string[]
    scopes: string[]
  }
  addUser(input: UserInput): { id: number; login: string; name: string }
}

/** The three operations; each throws a ZodError naming the field it refuses. */
export function createAccounts(state: TenantState, random: RandomFill): Accounts {
  const deps = { store: state.store, random, now: state.now }
  const tokens = tokenSchema(state)
  const apps = appSchema(state)
  const users = userSchema(state)

  return {
    issueToken(input) {
      const body = tokens.parse(input)
      const user = state.directory.userByLogin(body.login)
      if (user === undefined) throw new Error('unreachable: the schema found the user')
      const scopes = canonicalScopes(body.scopes)
      const access_token = mintToken(deps, {
        userId: user.id,
        clientId: body.app ?? null,
        scopes,
        label: body.app === undefined ? 'test control' : null,
      })
      return { access_token, token_type: 'bearer', scope: formatScopes(scopes), login: user.login }
    },
    addApp(input) {
      const app = registrationOf(apps.parse(input))
      state.addApp(app)
      const { clientId, name, redirectUris } = app
      return { clientId, name, redirectUris, scopes: allowedScopesOf(app) }
    },
    addUser(input) {
      const body = users.parse(input)
      const user = state.addUser(body)
      return { id: user.id, login: user.login, name: user.name }
    },
  }
}
