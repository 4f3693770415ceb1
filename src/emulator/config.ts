/**
 * The configuration of `npm run emulator`, parsed once from the arguments, the environment and
 * the config file (config-file.ts), in that order of precedence: a flag over its variable, a
 * variable over the file, the file over the default (docs/emulator.md#config-file).
 */
import { z } from 'zod'
import { parseRangeList } from '../protocol/client-address'
import { readConfigFile, type ConfigFile } from './config-file'
import { DEFAULT_PROFILE, PROFILE_NAMES } from './profiles'

const ConfigSchema = z.object({
  port: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535'),
  testControl: z.boolean(),
  webRedirectUri: z.url({ error: 'must be an absolute URL' }),
  profile: z.enum(PROFILE_NAMES, {
    error: `must be ${PROFILE_NAMES.map((name) => `"${name}"`).join(' or ')}`,
  }),
  /** The interface to bind: an IP address or a host name (0.0.0.0 in a container). */
  host: z
    .string()
    .regex(
      /^(?:[0-9a-fA-F:.]+|[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)$/,
      'must be an IP address or a host name, e.g. 127.0.0.1 or 0.0.0.0',
    ),
  /**
   * The origin clients use (`http://yuque:4010` in a container network): written into redirects,
   * avatar URLs and pages, and accepted in `Host`. Null: the bound address.
   */
  publicUrl: z
    .string()
    .nullable()
    .transform((value, ctx) => {
      if (value === null) return null
      let url: URL
      try {
        url = new URL(value)
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'must be an absolute URL such as http://yuque:4010',
        })
        return z.NEVER
      }
      const isOrigin =
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.username === '' &&
        url.password === '' &&
        url.pathname === '/' &&
        url.search === '' &&
        url.hash === ''
      if (!isOrigin) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be an http(s) origin without a path, query or credentials, such as http://yuque:4010',
        })
        return z.NEVER
      }
      return url.origin
    }),
})
export type EmulatorConfig = z.infer<typeof ConfigSchema> & {
  /** `--print-config`: print the effective configuration and exit. */
  printConfig: boolean
  /** The config file as given (`--config`, EMULATOR_CONFIG), or null. */
  configFile: string | null
  /** Its content, checked; null without a file. */
  file: ConfigFile | null
  /**
   * `--control-from` (EMULATOR_CONTROL_FROM): the addresses and CIDR ranges, as written, whose
   * peers the test-control API answers besides loopback; empty: loopback only.
   */
  controlFrom: string[]
}

/** Flags followed by a value; each overrides its environment variable. */
const VALUE_FLAGS = {
  '--port': 'EMULATOR_PORT',
  '--profile': 'EMULATOR_PROFILE',
  '--host': 'EMULATOR_HOST',
  '--public-url': 'EMULATOR_PUBLIC_URL',
  '--config': 'EMULATOR_CONFIG',
  '--control-from': 'EMULATOR_CONTROL_FROM',
} as const
type ValueFlag = keyof typeof VALUE_FLAGS
const isValueFlag = (arg: string | undefined): arg is ValueFlag =>
  arg !== undefined && Object.hasOwn(VALUE_FLAGS, arg)
const SWITCHES = ['--test-control', '--print-config']

/**
 * The peers besides loopback the test-control API answers (a test runner in another container):
 * from the flag, else its variable (empty: unset). A bad entry, an empty list and a list without
 * `--test-control` (the API is off, so the list would do nothing) are errors naming the source.
 */
function controlFromOf(
  given: string | undefined,
  fromEnv: string | undefined,
  testControl: boolean,
): { entries: string[]; errors: string[] } {
  const name = given === undefined ? VALUE_FLAGS['--control-from'] : '--control-from'
  const value = given ?? (fromEnv === '' ? undefined : fromEnv)
  if (value === undefined) return { entries: [], errors: [] }
  const { entries, problems } = parseRangeList(value, name)
  if (problems.length > 0) return { entries, errors: problems }
  if (entries.length === 0) {
    return {
      entries,
      errors: [`${name}: must list IP addresses or CIDR ranges, such as 10.0.0.0/8,172.16.0.0/12`],
    }
  }
  if (!testControl) {
    return {
      entries,
      errors: [`${name}: has no effect without --test-control (the test-control API is off)`],
    }
  }
  return { entries, errors: [] }
}

export function loadEmulatorConfig(
  env: Record<string, string | undefined>,
  argv: readonly string[],
): { ok: true; config: EmulatorConfig } | { ok: false; errors: string[] } {
  const unknown = argv.filter(
    (arg, index) =>
      arg.startsWith('--') &&
      !SWITCHES.includes(arg) &&
      !isValueFlag(arg) &&
      !isValueFlag(argv[index - 1]),
  )
  if (unknown.length > 0) {
    return { ok: false, errors: unknown.map((arg) => `unknown flag ${arg}`) }
  }
  const flagValue = (flag: ValueFlag): string | undefined => {
    const at = argv.indexOf(flag)
    return at >= 0 ? (argv[at + 1] ?? '') : undefined
  }
  // An empty variable is an unset one (a .env line `EMULATOR_PROFILE=`); an empty flag is a mistake.
  const fromVariable = env.EMULATOR_CONFIG === '' ? undefined : env.EMULATOR_CONFIG
  const configFile = flagValue('--config') ?? fromVariable
  if (configFile === '') return { ok: false, errors: ['--config: must name a JSON file'] }
  let file: ConfigFile | null = null
  if (configFile !== undefined) {
    const read = readConfigFile(configFile)
    if (!read.ok) return read
    file = read.file
  }
  /**
   * The flag's value when given, else its variable's, the file's or the default; and the name
   * to blame. `emptyIsSet`: an empty variable is kept (and refused), not skipped.
   */
  const setting = (
    flag: ValueFlag,
    key: 'port' | 'profile' | 'host' | 'publicUrl',
    fallback: string,
    emptyIsSet = false,
  ): { value: string; name: string } => {
    const given = flagValue(flag)
    if (given !== undefined) return { value: given, name: flag }
    const variable = VALUE_FLAGS[flag]
    const fromEnv = env[variable]
    if (fromEnv !== undefined && (fromEnv !== '' || emptyIsSet)) {
      return { value: fromEnv, name: variable }
    }
    const fromFile = file?.[key]
    if (fromFile !== undefined) return { value: String(fromFile), name: `${configFile}: ${key}` }
    return { value: fallback, name: variable }
  }
  const port = setting('--port', 'port', '4010', true)
  const profile = setting('--profile', 'profile', DEFAULT_PROFILE)
  const host = setting('--host', 'host', '127.0.0.1')
  const publicUrl = setting('--public-url', 'publicUrl', '')
  const appOrigin = env.APP_ORIGIN?.replace(/\/+$/, '') ?? 'http://localhost:5173'
  const testControl = argv.includes('--test-control')
  const controlFrom = controlFromOf(
    flagValue('--control-from'),
    env[VALUE_FLAGS['--control-from']],
    testControl,
  )
  const parsed = ConfigSchema.safeParse({
    port: port.value,
    testControl,
    webRedirectUri: `${appOrigin}/callback`,
    profile: profile.value,
    host: host.value,
    publicUrl:
      publicUrl.name === VALUE_FLAGS['--public-url'] && publicUrl.value === ''
        ? null
        : publicUrl.value,
  })
  if (parsed.success && controlFrom.errors.length === 0) {
    return {
      ok: true,
      config: {
        ...parsed.data,
        printConfig: argv.includes('--print-config'),
        configFile: configFile ?? null,
        file,
        controlFrom: controlFrom.entries,
      },
    }
  }
  if (parsed.success) return { ok: false, errors: controlFrom.errors }
  const names: Record<string, string> = {
    port: port.name,
    webRedirectUri: 'APP_ORIGIN',
    profile: profile.name,
    host: host.name,
    publicUrl: publicUrl.name,
  }
  return {
    ok: false,
    errors: [
      ...parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? '')
        return `${names[key] ?? key}: ${issue.message}`
      }),
      ...controlFrom.errors,
    ],
  }
}
