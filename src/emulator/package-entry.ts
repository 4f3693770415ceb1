/**
 * The programmatic entry of the `yuque-emulator` package (`import { startEmulator } from
 * 'yuque-emulator'`; docs/decisions/0014-emulator-package.md). Its options are the command's flags
 * (main.ts), read by the same parser (config.ts), so `startEmulator({ port: 4010, testControl:
 * true })` runs what `yuque-emulator --port 4010 --test-control` runs, without the banner and the
 * signal handlers, and without reading any environment variable. One difference: `port` 0, the
 * default here, picks a free port (a test suite's usual need), which `url` names.
 *
 * The package's type declarations are generated from this file alone
 * (scripts/build-emulator-package.ts), and the build fails if they would import another module:
 * so the public types are written here, in plain types, and nowhere else.
 */
import { loadEmulatorConfig } from './config'
import { emulatorOptionsOf } from './config-options'
import { GRACE_MS, listenFailure, startEmulator as listen } from './start'

/** The flags of `yuque-emulator`, as options (docs/emulator.md). */
export interface StartEmulatorOptions {
  /** The port to bind (`--port`); 0 picks a free one. Default: the config file's, else 0. */
  port?: number
  /** The interface to bind (`--host`): 127.0.0.1 unless given, `0.0.0.0` for every interface. */
  host?: string
  /** The origin clients use (`--public-url`), such as `http://yuque:4010`. Default: `url`. */
  publicUrl?: string
  /** Which description of the service to follow (`--profile`). Default `seed`. */
  profile?: 'seed' | 'observed'
  /** A JSON config file (`--config`): apps, users, tokens, data, clock, autoApprove. */
  config?: string
  /** Enables the test-control API under `/__emulator/` (`--test-control`). Default off. */
  testControl?: boolean
  /** Peers besides loopback the test-control API answers (`--control-from`): IPs, CIDR ranges. */
  controlFrom?: string | readonly string[]
}

export interface StartedEmulator {
  /** The origin the emulator answers as: `publicUrl` if given, else `http://<host>:<port>`. */
  url: string
  /** Stops accepting, lets the requests in flight finish (5 s at most), closes the rest. */
  close(): Promise<void>
}

const FLAGS = {
  port: '--port',
  host: '--host',
  publicUrl: '--public-url',
  profile: '--profile',
  config: '--config',
  controlFrom: '--control-from',
} as const

/** `--port: must be …` as `port (--port): must be …`: the caller wrote options, not flags. */
function optionNamed(error: string): string {
  for (const [option, flag] of Object.entries(FLAGS)) {
    if (error.startsWith(`${flag}:`)) return `${option} (${flag})${error.slice(flag.length)}`
  }
  return error
}

/** Starts an emulator on a real socket; rejects, naming each bad option, before binding. */
export async function startEmulator(options: StartEmulatorOptions = {}): Promise<StartedEmulator> {
  const argv: string[] = []
  for (const [option, flag] of Object.entries(FLAGS)) {
    const value: unknown = options[option as keyof typeof FLAGS]
    if (value === undefined || (option === 'port' && value === 0)) continue
    argv.push(flag, Array.isArray(value) ? value.join(',') : String(value))
  }
  if (options.testControl === true) argv.push('--test-control')
  const loaded = loadEmulatorConfig({}, argv)
  if (!loaded.ok) {
    const errors = loaded.errors.map((error) => `  - ${optionNamed(error)}`)
    throw new Error(`Cannot start the emulator:\n${errors.join('\n')}`)
  }
  const { config } = loaded
  const isFreePort =
    options.port === 0 || (options.port === undefined && config.file?.port === undefined)
  const port = isFreePort ? 0 : config.port
  const running = await listen({
    port,
    host: config.host,
    options: emulatorOptionsOf(config),
  }).catch((error: unknown) => {
    throw new Error(`Cannot start the emulator: ${listenFailure(error, config.host, port)}`)
  })
  return {
    url: config.publicUrl ?? running.url,
    close: () => running.close({ graceMs: GRACE_MS }),
  }
}
