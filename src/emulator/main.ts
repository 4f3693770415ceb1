#!/usr/bin/env node
/**
 * `npm run emulator`: the emulator on 127.0.0.1 (EMULATOR_PORT, default 4010).
 * Flags: `--test-control` enables /__emulator/*, `--port <n>` overrides EMULATOR_PORT,
 * `--profile seed|observed` overrides EMULATOR_PROFILE, `--host <address>` EMULATOR_HOST,
 * `--public-url <origin>` EMULATOR_PUBLIC_URL, `--config <file.json>` EMULATOR_CONFIG and
 * `--control-from <addresses>` EMULATOR_CONTROL_FROM (peers besides loopback for test control);
 * `--print-config` prints the effective configuration, secrets masked, and exits
 * (docs/emulator.md).
 * It runs in the foreground until SIGTERM or SIGINT, then stops accepting, lets the requests in
 * flight finish (GRACE_MS at most) and exits 0; a second signal exits 1 at once. A bad flag, a
 * bad config file or a port it cannot bind exits 1 with a message saying which.
 */
import { loadEmulatorConfig } from './config'
import { emulatorOptionsOf, masked, printableConfig } from './config-options'
import { seedUsers, SEED_PASSWORD } from './seed'
import { GRACE_MS, listenFailure, startEmulator, type RunningEmulator } from './start'
import type { SpaceOptions } from './emulator'
import { spaceOrigin } from '../protocol/space-host'

/** The banner's lines on the enterprise spaces: where each answers, its apps and its users. */
function spaceLines(spaces: readonly SpaceOptions[], url: string): string[] {
  if (spaces.length === 0) return []
  return [
    '',
    'Enterprise spaces (each with its own users, apps and tokens; docs/emulator.md#enterprise-spaces):',
    ...spaces.flatMap((space) => {
      const logins = [...space.users, ...(space.additions?.users ?? [])].map((user) => user.login)
      return [
        `  ${space.label.padEnd(14)} ${spaceOrigin(url, space.label)}  ${space.name}`,
        `  ${''.padEnd(14)} apps: ${space.apps.map((app) => app.clientId).join(', ') || '(none)'}; users: ${logins.join(', ') || '(none)'}`,
      ]
    }),
  ]
}

async function main(): Promise<void> {
  const loaded = loadEmulatorConfig(process.env, process.argv.slice(2))
  if (!loaded.ok) {
    console.error(`Cannot start the emulator:\n${loaded.errors.map((e) => `  - ${e}`).join('\n')}`)
    process.exitCode = 1
    return
  }
  const { config } = loaded
  if (config.printConfig) {
    console.log(JSON.stringify(printableConfig(config), null, 2))
    return
  }
  const options = emulatorOptionsOf(config)
  const apps = options.apps ?? []
  let running: RunningEmulator
  try {
    running = await startEmulator({
      port: config.port,
      host: config.host,
      options: { ...options, log: (line) => console.log(line) },
    })
  } catch (error) {
    console.error(`Cannot start the emulator: ${listenFailure(error, config.host, config.port)}`)
    process.exitCode = 1
    return
  }
  // The seed's secrets are demo values, printed whole; a config file's are masked.
  const fromFile = new Set((config.file?.apps ?? []).map((app) => app.clientId))
  const secretOf = (app: { clientId: string; clientSecret: string }) =>
    fromFile.has(app.clientId) ? masked(app.clientSecret) : app.clientSecret
  const url = config.publicUrl ?? running.url
  const lines = [
    `Yuque emulator listening on ${running.url}${url === running.url ? '' : `, answering as ${url}`}`,
    `  authorize: ${url}/oauth2/authorize   token: ${url}/oauth2/token`,
    `  API base:  ${url}/api/v2            personal tokens: ${url}/settings/tokens`,
    `  profile:   ${config.profile} (EMULATOR_PROFILE or --profile: seed, observed; see docs/emulator.md)`,
    config.testControl
      ? `  test control enabled at ${url}/__emulator/ for loopback${config.controlFrom.length === 0 ? ' only' : ` and ${config.controlFrom.join(', ')}`}`
      : '  test control: off (--test-control to enable)',
    ...(config.configFile === null ? [] : [`  config:    ${config.configFile}`]),
    '',
    'Apps (the seed’s are demo values, not secrets):',
    ...apps.map(
      (app) =>
        `  ${app.clientId}  secret=${secretOf(app)}  redirect=${app.redirectUris.join(', ') || '(none: client-code flow)'}`,
    ),
    '',
    `Demo users (password for all: ${SEED_PASSWORD}):`,
    ...seedUsers.map((user) => `  ${user.login.padEnd(14)} id=${user.id}  ${user.name}`),
    ...(config.file?.users ?? []).map(
      (user) => `  ${user.login.padEnd(14)} (config file, its own password)`,
    ),
    ...spaceLines(options.spaces ?? [], url),
  ]
  console.log(lines.join('\n'))
  let isStopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (isStopping) process.exit(1)
    isStopping = true
    console.log(`${signal}: stopping; requests in flight have ${GRACE_MS / 1000} s to finish`)
    running.close({ graceMs: GRACE_MS }).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Could not close the emulator: ${String(error)}`)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

await main()
