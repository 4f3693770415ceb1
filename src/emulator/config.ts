/**
 * The configuration of `npm run emulator`, parsed once from the environment and the arguments.
 */
import { z } from 'zod'
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
export type EmulatorConfig = z.infer<typeof ConfigSchema>

/** Flags followed by a value; each overrides its environment variable. */
const VALUE_FLAGS = {
  '--port': 'EMULATOR_PORT',
  '--profile': 'EMULATOR_PROFILE',
  '--host': 'EMULATOR_HOST',
  '--public-url': 'EMULATOR_PUBLIC_URL',
} as const
type ValueFlag = keyof typeof VALUE_FLAGS
const isValueFlag = (arg: string | undefined): arg is ValueFlag =>
  arg !== undefined && Object.hasOwn(VALUE_FLAGS, arg)

export function loadEmulatorConfig(
  env: Record<string, string | undefined>,
  argv: readonly string[],
): { ok: true; config: EmulatorConfig } | { ok: false; errors: string[] } {
  const unknown = argv.filter(
    (arg, index) =>
      arg.startsWith('--') &&
      arg !== '--test-control' &&
      !isValueFlag(arg) &&
      !isValueFlag(argv[index - 1]),
  )
  if (unknown.length > 0) {
    return { ok: false, errors: unknown.map((arg) => `unknown flag ${arg}`) }
  }
  /** The flag's value when given, else its variable's or the default; and the name to blame. */
  const setting = (flag: ValueFlag, fallback: string): { value: string; name: string } => {
    const at = argv.indexOf(flag)
    if (at >= 0) return { value: argv[at + 1] ?? '', name: flag }
    const variable = VALUE_FLAGS[flag]
    return { value: env[variable] ?? fallback, name: variable }
  }
  const port = setting('--port', '4010')
  const profile = setting('--profile', DEFAULT_PROFILE)
  const host = setting('--host', '127.0.0.1')
  const publicUrl = setting('--public-url', '')
  // An empty variable is an unset one (a .env line `EMULATOR_PROFILE=`); an empty flag is a mistake.
  const isUnset = profile.name === VALUE_FLAGS['--profile'] && profile.value === ''
  const appOrigin = env.APP_ORIGIN?.replace(/\/+$/, '') ?? 'http://localhost:5173'
  const parsed = ConfigSchema.safeParse({
    port: port.value,
    testControl: argv.includes('--test-control'),
    webRedirectUri: `${appOrigin}/callback`,
    profile: isUnset ? DEFAULT_PROFILE : profile.value,
    host: host.name === VALUE_FLAGS['--host'] && host.value === '' ? '127.0.0.1' : host.value,
    publicUrl:
      publicUrl.name === VALUE_FLAGS['--public-url'] && publicUrl.value === ''
        ? null
        : publicUrl.value,
  })
  if (parsed.success) return { ok: true, config: parsed.data }
  const names: Record<string, string> = {
    port: port.name,
    webRedirectUri: 'APP_ORIGIN',
    profile: profile.name,
    host: host.name,
    publicUrl: publicUrl.name,
  }
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '')
      return `${names[key] ?? key}: ${issue.message}`
    }),
  }
}
