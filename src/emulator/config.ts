/**
 * The configuration of `npm run emulator`, parsed once from the environment and the arguments.
 */
import { z } from 'zod'

const ConfigSchema = z.object({
  port: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535'),
  testControl: z.boolean(),
  webRedirectUri: z.url({ error: 'must be an absolute URL' }),
})
export type EmulatorConfig = z.infer<typeof ConfigSchema>

export function loadEmulatorConfig(
  env: Record<string, string | undefined>,
  argv: readonly string[],
): { ok: true; config: EmulatorConfig } | { ok: false; errors: string[] } {
  const portFlag = argv.indexOf('--port')
  const unknown = argv.filter(
    (arg, index) =>
      arg.startsWith('--') &&
      arg !== '--test-control' &&
      arg !== '--port' &&
      argv[index - 1] !== '--port',
  )
  if (unknown.length > 0) {
    return { ok: false, errors: unknown.map((arg) => `unknown flag ${arg}`) }
  }
  const appOrigin = env.APP_ORIGIN?.replace(/\/+$/, '') ?? 'http://localhost:5173'
  const parsed = ConfigSchema.safeParse({
    port: portFlag >= 0 ? argv[portFlag + 1] : (env.EMULATOR_PORT ?? '4010'),
    testControl: argv.includes('--test-control'),
    webRedirectUri: `${appOrigin}/callback`,
  })
  if (parsed.success) return { ok: true, config: parsed.data }
  const names: Record<string, string> = {
    port: portFlag >= 0 ? '--port' : 'EMULATOR_PORT',
    webRedirectUri: 'APP_ORIGIN',
  }
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '')
      return `${names[key] ?? key}: ${issue.message}`
    }),
  }
}
