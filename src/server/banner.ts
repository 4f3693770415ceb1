/**
 * What the server prints once it listens, and the one start-up failure worth a sentence of
 * its own (a port in use).
 */
import { seedUsers } from '../emulator/seed'
import type { Config } from '../proxy/config'
import { describeOutboundProxy } from '../proxy/api/outbound-proxy'
import type { Logger } from './logger'

export function printBanner(
  config: Config,
  details: {
    isDev: boolean
    storeName: string
    logFormat: 'text' | 'json'
    /** The metrics' own listener (METRICS_PORT), or null. */
    metricsUrl: string | null
  },
  log: Logger,
): void {
  const service =
    config.service === 'emulator'
      ? `embedded emulator at ${config.authUrl.origin}`
      : config.authUrl.origin
  // Where the service's calls go, credentials left out (outbound-proxy.ts).
  const outbound =
    config.outboundProxy === null ? null : describeOutboundProxy(config.outboundProxy)
  if (details.logFormat === 'json') {
    log.info(
      `listening: open ${config.appOrigin}, service ${service}${outbound === null ? '' : ` (${outbound})`}, store ${details.storeName}, ${details.metricsUrl === null ? 'no metrics' : `metrics ${details.metricsUrl}`}, ${details.isDev ? 'development' : 'production build'}`,
    )
    return
  }
  const lines = [
    '',
    `  Yuque OAuth playground (${details.isDev ? 'development, hot reload' : 'production build'})`,
    '',
    `  Open:       ${config.appOrigin}`,
    `  Service:    ${service}`,
    ...(outbound === null ? [] : [`  Outbound:   ${outbound}`]),
    `  Callback:   ${config.redirectUri}`,
    `  State:      ${details.storeName === 'memory' ? 'in this process (set REDIS_URL to share it between replicas)' : `the ${details.storeName} store`}`,
    `  Health:     ${config.appOrigin}/healthz, ${config.appOrigin}/readyz`,
    `  Metrics:    ${details.metricsUrl ?? 'off (set METRICS_PORT to serve them on a port of their own)'}`,
  ]
  if (config.service === 'emulator') {
    lines.push(
      `  Sign in as: ${seedUsers.map((user) => user.login).join(', ')} — password "password"`,
    )
  }
  log.info([...lines, ''].join('\n'))
}

export function exitOnListenError(error: unknown, port: number, variable: string): never {
  if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    console.error(
      `Port ${port} is already in use. Stop the other process, or choose another port with ${variable}.`,
    )
    process.exit(1)
  }
  throw error
}
