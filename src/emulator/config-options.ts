/**
 * What a loaded configuration (config.ts: flags, environment and config file merged) makes: the
 * options of the emulator `npm run emulator` starts, and the effective configuration that
 * `--print-config` prints, its defaults filled in and every secret masked.
 */
import type { EmulatorConfig } from './config'
import { allowedScopesOf } from './context'
import { registrationOf } from './control/accounts'
import { DEFAULT_RATE_LIMIT } from './api/rate-limit'
import type { AppRegistration, EmulatorOptions, SpaceOptions } from './emulator'
import { seedApps } from './seed'
import { seedSpaces } from './seed-space'

/**
 * The enterprise spaces the emulator starts with: the seed's (`acme`, its app redirecting to
 * `<APP_ORIGIN>/callback`), unless replaced, and the file's, each with only what the file gives
 * it (docs/emulator.md#enterprise-spaces).
 */
export function spacesOf(config: EmulatorConfig): SpaceOptions[] {
  const file = config.file
  const seed =
    file?.replaceSeedSpaces === true ? [] : seedSpaces({ webRedirectUri: config.webRedirectUri })
  const fromFile = (file?.spaces ?? []).map((space): SpaceOptions => ({
    label: space.label,
    name: space.name,
    users: [],
    groups: [],
    apps: (space.apps ?? []).map(registrationOf),
    additions: {
      users: space.users ?? [],
      repos: space.data?.repos ?? [],
      tokens: space.tokens ?? [],
      replaceSeedData: false,
    },
    ...(space.autoApprove === undefined ? {} : { autoApprove: space.autoApprove }),
  }))
  return [...seed, ...fromFile]
}

/** The apps the emulator starts with: the seed's, unless replaced, and the file's. */
export function appsOf(config: EmulatorConfig): AppRegistration[] {
  const seed =
    config.file?.replaceSeedApps === true ? [] : seedApps({ webRedirectUri: config.webRedirectUri })
  return [...seed, ...(config.file?.apps ?? []).map(registrationOf)]
}

export function emulatorOptionsOf(config: EmulatorConfig): EmulatorOptions {
  const file = config.file
  const options: EmulatorOptions = {
    ...(config.publicUrl === null ? {} : { origin: config.publicUrl }),
    apps: appsOf(config),
    spaces: spacesOf(config),
    testControl: config.testControl,
    ...(config.controlFrom.length === 0 ? {} : { controlFrom: config.controlFrom }),
    profile: config.profile,
  }
  if (file === null) return options
  return {
    ...options,
    ...(file.clock === undefined ? {} : { clockStart: Date.parse(file.clock.start) }),
    // One budget for every caller: users, and anonymous callers in a profile with its own.
    ...(file.rateLimit === undefined
      ? {}
      : { rateLimit: file.rateLimit, anonymousBudget: file.rateLimit }),
    ...(file.autoApprove === undefined ? {} : { autoApprove: file.autoApprove }),
    additions: {
      users: file.users ?? [],
      repos: file.data?.repos ?? [],
      tokens: file.tokens ?? [],
      replaceSeedData: file.replaceSeedData === true,
    },
  }
}

/**
 * A secret as `--print-config` shows it: `****` and its last 4 characters, enough to tell two
 * apart; a value of 8 characters or fewer shows none, so that at most half of it is shown.
 */
export function masked(secret: string): string {
  return secret.length > 8 ? `****${secret.slice(-4)}` : '****'
}

/** An app of the file as `--print-config` shows it: its secret masked, its scopes filled. */
function printableApp(app: NonNullable<NonNullable<EmulatorConfig['file']>['apps']>[number]) {
  const registered = registrationOf(app)
  return {
    clientId: app.clientId,
    clientSecret: masked(app.clientSecret),
    name: registered.name,
    redirectUris: app.redirectUris,
    scopes: allowedScopesOf(registered),
  }
}

/** Without scopes, the user approves every scope a request asks for. */
const printableAutoApprove = (
  approve: { login: string; scopes?: string[] | undefined } | undefined,
) => (approve === undefined ? null : { login: approve.login, scopes: approve.scopes ?? null })

type Masked = { password: string } | { token: string }
const maskedAll = <T extends Masked>(items: readonly T[] | undefined): T[] =>
  (items ?? []).map((item) =>
    'password' in item
      ? { ...item, password: masked(item.password) }
      : { ...item, token: masked(item.token) },
  )

/** The effective configuration, as `--print-config` prints it (docs/emulator.md#config-file). */
export function printableConfig(config: EmulatorConfig): Record<string, unknown> {
  const file = config.file
  return {
    configFile: config.configFile,
    port: config.port,
    host: config.host,
    publicUrl: config.publicUrl,
    profile: config.profile,
    testControl: config.testControl,
    controlFrom: config.controlFrom,
    replaceSeedApps: file?.replaceSeedApps ?? false,
    apps: (file?.apps ?? []).map(printableApp),
    users: maskedAll(file?.users),
    tokens: maskedAll(file?.tokens),
    replaceSeedData: file?.replaceSeedData ?? false,
    data: { repos: (file?.data?.repos ?? []).map((repo) => ({ ...repo, docs: repo.docs ?? [] })) },
    replaceSeedSpaces: file?.replaceSeedSpaces ?? false,
    spaces: (file?.spaces ?? []).map((space) => ({
      label: space.label,
      name: space.name,
      apps: (space.apps ?? []).map(printableApp),
      users: maskedAll(space.users),
      tokens: maskedAll(space.tokens),
      data: {
        repos: (space.data?.repos ?? []).map((repo) => ({ ...repo, docs: repo.docs ?? [] })),
      },
      autoApprove: printableAutoApprove(space.autoApprove),
    })),
    clock: file?.clock ?? null,
    rateLimit: file?.rateLimit ?? DEFAULT_RATE_LIMIT,
    autoApprove: printableAutoApprove(file?.autoApprove),
  }
}
