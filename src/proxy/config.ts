/**
 * The playground's configuration, parsed once from the environment with readable errors.
 * Nothing here reads `process.env` itself: the composition root passes it in.
 */
import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import type { AddressRange } from '../protocol/client-address'
import { outboundProxySecrets, readOutboundProxy, type OutboundProxy } from './api/outbound-proxy'
import { byoApp, byoHosts } from './byo/byo-config'
import { parseTrustedProxies } from './client-address'
import { productionProblems } from './config-production'
import { httpUrl, onOff, perWindow, port, positiveMs } from './config-values'

export const APP_NAME = 'yuque-oauth-playground'
export const APP_VERSION = '0.1.0'

/** Demo credentials of the embedded emulator's web app (not secrets: printed at start-up). */
export const EMULATOR_WEB_APP = {
  clientId: 'playground-web',
  clientSecret: 'playground-web-secret',
} as const

/** The embedded emulator's app for the client-code flow (docs/service.md#client-code-flow). */
export const EMULATOR_CODE_APP = {
  clientId: 'playground-cli',
  clientSecret: 'playground-cli-secret',
} as const

export interface Config {
  /**
   * NODE_ENV=production or an https APP_ORIGIN: the embedded emulator only when asked for with
   * EMULATOR=on, and APP_ORIGIN and a strong SESSION_SECRET required (loadConfig).
   */
  isProduction: boolean
  /** `emulator` when the four YUQUE_* variables are unset: the embedded emulator is used. */
  service: 'emulator' | 'yuque'
  /** Hosts `/oauth2/authorize` and `/oauth2/token`. */
  authUrl: URL
  /** The API base, ending in `/api/v2`. */
  baseUrl: URL
  clientId: string
  clientSecret: string
  /**
   * The app the client-code flow signs for; null when the flow is off (see clientCodeFlow).
   */
  codeClient: { clientId: string; clientSecret: string } | null
  /**
   * CLIENT_CODE_FLOW. A client-code login can be started by anyone and its consent page sent to
   * a victim (RFC 8628 §5.4, remote phishing): against the real service it is off unless
   * switched on on purpose; against the emulator it is on unless switched off.
   */
  clientCodeFlow: 'on' | 'off'
  /** CLIENT_CODE_START_LIMIT: client-code starts per client address per 10 minutes. */
  clientCodeStartLimit: number
  /** LOGIN_RATE_LIMIT: `/auth/start` and `/auth/exchange` calls, each, per client address per minute. */
  loginRateLimit: number
  /**
   * TRUSTED_PROXIES: the load balancers whose X-Forwarded-For names the client (client-address.ts);
   * empty by default, and then the TCP peer is the client.
   */
  trustedProxies: AddressRange[]
  appOrigin: string
  /** Always `<appOrigin>/callback`, the same exact string every time (RFC 9700 §4.1.3). */
  redirectUri: string
  sessionSecret: string
  isSessionSecretGenerated: boolean
  host: string
  port: number
  emulatorPort: number
  userAgent: string
  upstreamTimeoutMs: number
  /** HTTPS origins get Secure cookies with the `__Host-` prefix. */
  isSecure: boolean
  /**
   * Enables the embedded emulator's test-control API (src/server.ts): EMULATOR_TEST_CONTROL (the
   * e2e suite), or the flow lab, which drives the emulator's clock, faults and revocation
   * (FLOW_LAB; docs/security.md#the-flow-labs-test-control).
   */
  isEmulatorTestControlEnabled: boolean
  /**
   * PKCE sent by the proxy (docs/security.md#a8): S256 by default, `off` for a service that refuses
   * it.
   */
  pkce: 'S256' | 'off'
  /** HTTPS_PROXY, HTTP_PROXY, NO_PROXY: how the service is reached (outbound-proxy.ts). */
  outboundProxy: OutboundProxy | null
  /** BYO_APP: whether a browser may bring its own app or token (byo/byo-config.ts). */
  byoApp: 'on' | 'off'
  /** BYO_HOSTS: the https origins a browser may pick besides Yuque and its spaces. */
  byoHosts: readonly string[]
  /**
   * FLOW_LAB: whether the flow lab runs its scenarios against the embedded emulator
   * (src/proxy/lab/); on by default. With the embedded emulator it starts it with test control
   * (src/server.ts, docs/security.md#the-flow-labs-test-control).
   */
  flowLab: 'on' | 'off'
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError'
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
  }
}

const EnvSchema = z.object({
  YUQUE_AUTH_URL: httpUrl('YUQUE_AUTH_URL').optional(),
  YUQUE_BASE_URL: httpUrl('YUQUE_BASE_URL').optional(),
  YUQUE_CLIENT_ID: z.string().trim().min(1, 'YUQUE_CLIENT_ID must not be empty').optional(),
  YUQUE_CLIENT_SECRET: z.string().min(1, 'YUQUE_CLIENT_SECRET must not be empty').optional(),
  YUQUE_CODE_CLIENT_ID: z.string().trim().min(1).optional(),
  YUQUE_CODE_CLIENT_SECRET: z.string().min(1).optional(),
  APP_ORIGIN: httpUrl('APP_ORIGIN').optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must have at least 32 characters').optional(),
  HOST: z.string().trim().min(1, 'HOST must not be empty').optional(),
  PORT: port('PORT', 0),
  EMULATOR_PORT: port('EMULATOR_PORT', 4010),
  UPSTREAM_TIMEOUT_MS: positiveMs('UPSTREAM_TIMEOUT_MS', 10_000),
  EMULATOR_TEST_CONTROL: z
    .enum(['0', '1', 'false', 'true'], {
      message: 'EMULATOR_TEST_CONTROL must be 1/true or 0/false',
    })
    .optional(),
  CLIENT_CODE_FLOW: z
    .enum(['on', 'off'], {
      error: (issue) =>
        `CLIENT_CODE_FLOW must be on or off, got "${String(issue.input)}" (off by default against the real service: see the README)`,
    })
    .optional(),
  CLIENT_CODE_START_LIMIT: perWindow('CLIENT_CODE_START_LIMIT', 5, 'per 10 minutes'),
  LOGIN_RATE_LIMIT: perWindow('LOGIN_RATE_LIMIT', 60, 'per minute'),
  EMULATOR: z
    .enum(['on'], {
      error: (issue) =>
        `EMULATOR must be on (the embedded emulator with its demo users, asked for explicitly) or unset, got "${String(issue.input)}"`,
    })
    .optional(),
  NODE_ENV: z.string().optional(),
  OAUTH_PKCE: z
    .enum(['S256', 'off'], {
      error: (issue) =>
        `OAUTH_PKCE must be S256 (the default) or off, got "${String(issue.input)}"`,
    })
    .optional(),
  BYO_APP: byoApp,
  BYO_HOSTS: byoHosts,
  FLOW_LAB: onOff('FLOW_LAB', 'the flow lab’s scenarios against the embedded emulator'),
})

const SERVICE_VARIABLES = [
  'YUQUE_AUTH_URL',
  'YUQUE_BASE_URL',
  'YUQUE_CLIENT_ID',
  'YUQUE_CLIENT_SECRET',
] as const

export type Env = Record<string, string | undefined>

/**
 * Every secret the configuration holds: the server's log and the flow trace remove them from
 * whatever they write (src/server/logger.ts, flow-trace.ts).
 */
export function configSecrets(config: Config): string[] {
  return [
    config.clientSecret,
    config.sessionSecret,
    ...(config.codeClient ? [config.codeClient.clientSecret] : []),
    ...outboundProxySecrets(config.outboundProxy),
  ]
}

/**
 * Parses the configuration. Every bad variable is reported at once, by name. The secret is
 * read from YUQUE_CLIENT_SECRET; a `VITE_`-prefixed secret is refused because Vite would put it
 * in the browser bundle (docs/security.md#h1).
 */
export function loadConfig(env: Env, generateSecret: () => string = defaultSecret): Config {
  const problems: string[] = []
  for (const name of Object.keys(env)) {
    if (name.startsWith('VITE_') && /SECRET|TOKEN|PASSWORD/i.test(name)) {
      problems.push(
        `${name}: a secret must never start with VITE_ (Vite exposes VITE_* to the browser)`,
      )
    }
  }
  // Empty strings count as unset, as in most .env loaders.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = EnvSchema.safeParse(present)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(
        issue.message.includes(String(issue.path[0]))
          ? issue.message
          : `${String(issue.path[0])}: ${issue.message}`,
      )
    }
  }
  const set = SERVICE_VARIABLES.filter((name) => present[name] !== undefined)
  if (set.length > 0 && set.length < SERVICE_VARIABLES.length) {
    const missing = SERVICE_VARIABLES.filter((name) => present[name] === undefined)
    problems.push(
      `set all four of ${SERVICE_VARIABLES.join(', ')} to use a real service, or none to use the embedded emulator; missing: ${missing.join(', ')}`,
    )
  }
  if (
    (present.YUQUE_CODE_CLIENT_ID === undefined) !==
    (present.YUQUE_CODE_CLIENT_SECRET === undefined)
  ) {
    problems.push('set both YUQUE_CODE_CLIENT_ID and YUQUE_CODE_CLIENT_SECRET, or neither')
  }
  const outboundProxy = readOutboundProxy(present, problems)
  const trusted = parseTrustedProxies(present.TRUSTED_PROXIES)
  problems.push(...trusted.problems)
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems)
  const vars = parsed.data

  const isProduction = vars.NODE_ENV === 'production' || vars.APP_ORIGIN?.protocol === 'https:'
  if (isProduction) {
    problems.push(
      ...productionProblems({
        reason: vars.NODE_ENV === 'production' ? 'NODE_ENV=production' : 'an https APP_ORIGIN',
        hasAppOrigin: vars.APP_ORIGIN !== undefined,
        sessionSecret: vars.SESSION_SECRET,
        hasService: set.length > 0,
        isEmulatorAsked: vars.EMULATOR === 'on',
      }),
    )
  }
  if (vars.EMULATOR === 'on' && set.length > 0) {
    problems.push('EMULATOR=on asks for the embedded emulator: unset it, or the YUQUE_* variables')
  }
  const appOriginUrl = vars.APP_ORIGIN ?? new URL('http://localhost:5173')
  if (appOriginUrl.pathname !== '/')
    problems.push(`APP_ORIGIN must be an origin without a path, got "${appOriginUrl.href}"`)
  const appOrigin = appOriginUrl.origin
  const isSecure = appOriginUrl.protocol === 'https:'
  const originPort = appOriginUrl.port === '' ? (isSecure ? 443 : 80) : Number(appOriginUrl.port)

  const service = set.length === SERVICE_VARIABLES.length ? 'yuque' : 'emulator'
  const emulatorOrigin = `http://127.0.0.1:${vars.EMULATOR_PORT}`
  const authUrl = vars.YUQUE_AUTH_URL ?? new URL(emulatorOrigin)
  const baseUrl = vars.YUQUE_BASE_URL ?? new URL(`${emulatorOrigin}/api/v2`)
  if (!/\/api\/v2\/?$/.test(baseUrl.pathname)) {
    problems.push(`YUQUE_BASE_URL must end with /api/v2, got "${baseUrl.href}"`)
  }
  if (authUrl.pathname !== '/')
    problems.push(`YUQUE_AUTH_URL must be an origin without a path, got "${authUrl.href}"`)
  const clientCodeFlow = vars.CLIENT_CODE_FLOW ?? (service === 'emulator' ? 'on' : 'off')
  if (
    service === 'yuque' &&
    clientCodeFlow === 'on' &&
    (vars.YUQUE_CODE_CLIENT_ID === undefined || vars.YUQUE_CODE_CLIENT_SECRET === undefined)
  ) {
    problems.push(
      'CLIENT_CODE_FLOW=on needs YUQUE_CODE_CLIENT_ID and YUQUE_CODE_CLIENT_SECRET (the app the flow signs for)',
    )
  }
  if (problems.length > 0) throw new ConfigError(problems)

  const sessionSecret = vars.SESSION_SECRET ?? generateSecret()
  const flowLab = vars.FLOW_LAB ?? 'on'
  return {
    isProduction,
    service,
    authUrl,
    baseUrl: new URL(baseUrl.href.replace(/\/?$/, '/')),
    clientId: vars.YUQUE_CLIENT_ID ?? EMULATOR_WEB_APP.clientId,
    clientSecret: vars.YUQUE_CLIENT_SECRET ?? EMULATOR_WEB_APP.clientSecret,
    codeClient:
      clientCodeFlow === 'off'
        ? null
        : vars.YUQUE_CODE_CLIENT_ID !== undefined && vars.YUQUE_CODE_CLIENT_SECRET !== undefined
          ? { clientId: vars.YUQUE_CODE_CLIENT_ID, clientSecret: vars.YUQUE_CODE_CLIENT_SECRET }
          : service === 'emulator'
            ? { ...EMULATOR_CODE_APP }
            : null,
    clientCodeFlow,
    clientCodeStartLimit: vars.CLIENT_CODE_START_LIMIT,
    loginRateLimit: vars.LOGIN_RATE_LIMIT,
    trustedProxies: trusted.ranges,
    appOrigin,
    redirectUri: `${appOrigin}/callback`,
    sessionSecret,
    isSessionSecretGenerated: vars.SESSION_SECRET === undefined,
    host: vars.HOST ?? '127.0.0.1',
    port: vars.PORT === 0 ? originPort : vars.PORT,
    emulatorPort: vars.EMULATOR_PORT,
    userAgent: `${APP_NAME}/${APP_VERSION}`,
    upstreamTimeoutMs: vars.UPSTREAM_TIMEOUT_MS,
    isSecure,
    isEmulatorTestControlEnabled:
      vars.EMULATOR_TEST_CONTROL === '1' ||
      vars.EMULATOR_TEST_CONTROL === 'true' ||
      (service === 'emulator' && flowLab === 'on'),
    pkce: vars.OAUTH_PKCE ?? 'S256',
    outboundProxy,
    byoApp: vars.BYO_APP ?? 'on',
    byoHosts: vars.BYO_HOSTS,
    flowLab,
  }
}

function defaultSecret(): string {
  return randomBytes(32).toString('base64url')
}
