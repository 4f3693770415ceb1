import { describe, expect, it } from 'vitest'
import { loadServerConfig, ServerConfigError } from './server-config'

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadServerConfig(env)
  } catch (error) {
    if (error instanceof ServerConfigError) return error.problems
    throw error
  }
  throw new Error('expected a ServerConfigError')
}

describe('loadServerConfig', () => {
  it('defaults to readable logs, state in this process, 5 s not ready then 10 s to drain, 2 s to probe, 256 requests at once, no metrics', () => {
    expect(loadServerConfig({})).toEqual({
      logFormat: 'text',
      redisUrl: null,
      isRedisDurabilityChecked: true,
      drainDelayMs: 5000,
      shutdownTimeoutMs: 10_000,
      maxConcurrentRequests: 256,
      readinessTimeoutMs: 2_000,
      metricsPort: null,
      instanceId: null,
    })
  })

  it('takes a drain delay of 0, the durability check off and a concurrency bound', () => {
    const config = loadServerConfig({
      SHUTDOWN_DRAIN_DELAY_MS: '0',
      REDIS_DURABILITY_CHECK: 'off',
      MAX_CONCURRENT_REQUESTS: '64',
    })
    expect(config.drainDelayMs).toBe(0)
    expect(config.isRedisDurabilityChecked).toBe(false)
    expect(config.maxConcurrentRequests).toBe(64)
  })

  it('names a bad drain delay, durability switch or concurrency bound with what it accepts', () => {
    expect(
      problemsOf({
        SHUTDOWN_DRAIN_DELAY_MS: '5s',
        REDIS_DURABILITY_CHECK: 'no',
        MAX_CONCURRENT_REQUESTS: '0',
      }),
    ).toEqual([
      'REDIS_DURABILITY_CHECK must be on (the default: not ready while Redis may lose a logout) or off (you vouch for your Redis), got "no"',
      'SHUTDOWN_DRAIN_DELAY_MS must be a number of milliseconds from 0 to 300000 (0: close at once), got "5s"',
      'MAX_CONCURRENT_REQUESTS must be a whole number from 1 to 999999 (requests in flight in this instance), got "0"',
    ])
    expect(problemsOf({ SHUTDOWN_DRAIN_DELAY_MS: '300001' })).toHaveLength(1)
  })

  it('takes a METRICS_PORT and an INSTANCE_ID', () => {
    expect(
      loadServerConfig({ METRICS_PORT: '9464', INSTANCE_ID: 'web-1.eu_2' }, 8080),
    ).toMatchObject({ metricsPort: 9464, instanceId: 'web-1.eu_2' })
    expect(loadServerConfig({ METRICS_PORT: '', INSTANCE_ID: ' ' }).metricsPort).toBe(null)
  })

  it('refuses a METRICS_PORT that is no port, or the app’s own port', () => {
    expect(problemsOf({ METRICS_PORT: '0' })).toEqual([
      'METRICS_PORT must be a port number 1–65535, got "0"',
    ])
    expect(problemsOf({ METRICS_PORT: 'metrics' })).toEqual([
      'METRICS_PORT must be a port number 1–65535, got "metrics"',
    ])
    let problems: string[] = []
    try {
      loadServerConfig({ METRICS_PORT: '8080' }, 8080)
    } catch (error) {
      if (error instanceof ServerConfigError) problems = error.problems
    }
    expect(problems).toEqual([
      "METRICS_PORT must differ from the app's port (8080, from PORT or APP_ORIGIN): metrics are served on a listener of their own, kept off the public port",
    ])
  })

  it('refuses an INSTANCE_ID the log could not write as it is', () => {
    for (const bad of ['web 1', 'web/1', 'x'.repeat(32), 'wéb']) {
      expect(problemsOf({ INSTANCE_ID: bad })).toEqual([
        `INSTANCE_ID must be 1 to 31 letters, digits, ".", "_" or "-" (e.g. web-1), got "${bad}"`,
      ])
    }
  })

  it('takes json logs, a redis:// or rediss:// URL and the time-outs', () => {
    const config = loadServerConfig({
      LOG_FORMAT: 'json',
      REDIS_URL: 'rediss://:pw@redis.internal:6380/2',
      SHUTDOWN_TIMEOUT_MS: '2500',
    })
    expect(config.logFormat).toBe('json')
    expect(config.redisUrl).toBe('rediss://:pw@redis.internal:6380/2')
    expect(config.shutdownTimeoutMs).toBe(2500)
  })

  it('names an unknown log format and the two it accepts', () => {
    expect(problemsOf({ LOG_FORMAT: 'pretty' })).toEqual([
      'LOG_FORMAT must be text (readable lines, the default) or json (one JSON object per line), got "pretty"',
    ])
  })

  it('refuses a REDIS_URL that is not redis:// or rediss:// without quoting it (it may hold a password)', () => {
    const problems = problemsOf({ REDIS_URL: 'http://user:s3cret@cache:6379' })
    expect(problems).toEqual([
      'REDIS_URL must be a redis:// or rediss:// (TLS) URL such as redis://127.0.0.1:6379, or unset to keep state in this process',
    ])
    expect(problems.join()).not.toContain('s3cret')
    expect(problemsOf({ REDIS_URL: 'localhost:6379' })).toHaveLength(1)
  })

  it('reports every bad variable at once', () => {
    expect(
      problemsOf({
        LOG_FORMAT: 'xml',
        REDIS_URL: 'nope',
        SHUTDOWN_TIMEOUT_MS: '5',
        METRICS_PORT: '70000',
        INSTANCE_ID: '-- --',
      }),
    ).toHaveLength(5)
  })
})
