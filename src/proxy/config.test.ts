import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'
import { sessionSecretWeakness } from './config-production'

const fixedSecret = () => 'generated-secret-generated-secret-00'
/** What a production deployment sets: a service and a random secret. */
const STRONG_SECRET = 'rIlrc1aKcehzkTBZ9Spw3QZl12v0s8mkyXqaAtSfQlw'
const real = {
  YUQUE_AUTH_URL: 'https://www.yuque.com',
  YUQUE_BASE_URL: 'https://www.yuque.com/api/v2',
  YUQUE_CLIENT_ID: 'my-client',
  YUQUE_CLIENT_SECRET: 'my-secret',
}

const production = { ...real, SESSION_SECRET: STRONG_SECRET }

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, fixedSecret)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  throw new Error('expected a ConfigError')
}

describe('loadConfig', () => {
  it('uses the embedded emulator and its web app when no service variable is set', () => {
    const config = loadConfig({}, fixedSecret)
    expect(config.service).toBe('emulator')
    expect(config.authUrl.href).toBe('http://127.0.0.1:4010/')
    expect(config.baseUrl.href).toBe('http://127.0.0.1:4010/api/v2/')
    expect(config.clientId).toBe('playground-web')
    expect(config.redirectUri).toBe('http://localhost:5173/callback')
    expect(config.port).toBe(5173)
    expect(config.isSessionSecretGenerated).toBe(true)
    expect(config.isSecure).toBe(false)
  })

  it('uses the real service when all four variables are set', () => {
    const config = loadConfig({ ...real, SESSION_SECRET: 'x'.repeat(32) }, fixedSecret)
    expect(config.service).toBe('yuque')
    expect(config.baseUrl.href).toBe('https://www.yuque.com/api/v2/')
    expect(config.clientSecret).toBe('my-secret')
    expect(config.isSessionSecretGenerated).toBe(false)
  })

  it('derives the redirect URI and port from APP_ORIGIN', () => {
    const config = loadConfig({ APP_ORIGIN: 'http://localhost:5180' }, fixedSecret)
    expect(config.redirectUri).toBe('http://localhost:5180/callback')
    expect(config.port).toBe(5180)
  })

  it('names the missing variables when only some service variables are set', () => {
    const [problem] = problemsOf({ YUQUE_CLIENT_ID: 'x', YUQUE_AUTH_URL: 'https://www.yuque.com' })
    expect(problem).toContain('missing: YUQUE_BASE_URL, YUQUE_CLIENT_SECRET')
  })

  it('reports every bad variable at once, by name', () => {
    const problems = problemsOf({
      ...real,
      YUQUE_BASE_URL: 'not a url',
      EMULATOR_PORT: '70000',
      SESSION_SECRET: 'short',
      UPSTREAM_TIMEOUT_MS: 'soon',
      EMULATOR_TEST_CONTROL: 'maybe',
    })
    expect(problems.join('\n')).toMatch(/YUQUE_BASE_URL must be an absolute URL/)
    expect(problems.join('\n')).toMatch(/EMULATOR_PORT must be a port number/)
    expect(problems.join('\n')).toMatch(/SESSION_SECRET must have at least 32 characters/)
    expect(problems.join('\n')).toMatch(/UPSTREAM_TIMEOUT_MS/)
    expect(problems.join('\n')).toMatch(/EMULATOR_TEST_CONTROL/)
    expect(problems).toHaveLength(5)
  })

  it('refuses plain http for a remote service, and a base URL without /api/v2', () => {
    expect(problemsOf({ ...real, YUQUE_AUTH_URL: 'http://www.yuque.com' })[0]).toMatch(
      /must use https/,
    )
    expect(problemsOf({ ...real, YUQUE_BASE_URL: 'https://www.yuque.com/api' })[0]).toMatch(
      /must end with \/api\/v2/,
    )
  })

  it('refuses an APP_ORIGIN with a path or a query', () => {
    expect(problemsOf({ APP_ORIGIN: 'http://localhost:5173/app' })[0]).toMatch(/without a path/)
    expect(problemsOf({ APP_ORIGIN: 'http://localhost:5173/?x=1' })[0]).toMatch(/query/)
  })

  it('refuses a secret in a VITE_ variable, which Vite would put in the bundle', () => {
    expect(problemsOf({ VITE_YUQUE_CLIENT_SECRET: 'x' })[0]).toMatch(
      /VITE_YUQUE_CLIENT_SECRET: a secret must never start with VITE_/,
    )
  })

  it('sends PKCE S256 unless OAUTH_PKCE=off, and names any other value', () => {
    expect(loadConfig({}, fixedSecret).pkce).toBe('S256')
    expect(loadConfig({ OAUTH_PKCE: 'off' }, fixedSecret).pkce).toBe('off')
    expect(problemsOf({ OAUTH_PKCE: 'plain' })).toEqual([
      'OAUTH_PKCE must be S256 (the default) or off, got "plain"',
    ])
  })

  it('runs the flow lab unless FLOW_LAB is off (1/0 and true/false too), and names any other value', () => {
    expect(loadConfig({}, fixedSecret).flowLab).toBe('on')
    for (const value of ['on', '1', 'true']) {
      expect(loadConfig({ FLOW_LAB: value }, fixedSecret).flowLab).toBe('on')
    }
    for (const value of ['off', '0', 'false']) {
      expect(loadConfig({ FLOW_LAB: value }, fixedSecret).flowLab).toBe('off')
    }
    expect(problemsOf({ FLOW_LAB: 'yes', OAUTH_PKCE: 'plain' })).toEqual([
      'OAUTH_PKCE must be S256 (the default) or off, got "plain"',
      'FLOW_LAB must be on or off (also 1/0 or true/false: the flow lab’s scenarios against the embedded emulator), got "yes"',
    ])
  })

  it('starts the embedded emulator with test control for the flow lab, or for EMULATOR_TEST_CONTROL', () => {
    expect(loadConfig({}, fixedSecret).isEmulatorTestControlEnabled).toBe(true)
    expect(loadConfig({ FLOW_LAB: 'off' }, fixedSecret).isEmulatorTestControlEnabled).toBe(false)
    expect(
      loadConfig({ FLOW_LAB: 'off', EMULATOR_TEST_CONTROL: '1' }, fixedSecret)
        .isEmulatorTestControlEnabled,
    ).toBe(true)
    // A real service: no emulator runs, so the lab has nothing to control.
    expect(loadConfig({ ...production }, fixedSecret).isEmulatorTestControlEnabled).toBe(false)
  })

  it('takes a port in at most five digits, as before one parser served every number', () => {
    expect(problemsOf({ PORT: '000080' })).toEqual([
      'PORT must be a port number 1–65535, got "000080"',
    ])
    expect(loadConfig({ PORT: '08080' }, fixedSecret).port).toBe(8080)
  })

  it('gives HTTPS origins secure cookies', () => {
    expect(
      loadConfig({ ...production, APP_ORIGIN: 'https://play.example.com' }, fixedSecret),
    ).toMatchObject({ isSecure: true, port: 443 })
  })

  it('keeps the client-code flow off against the real service unless CLIENT_CODE_FLOW=on (RFC 8628 §5.4)', () => {
    const code = { YUQUE_CODE_CLIENT_ID: 'cli', YUQUE_CODE_CLIENT_SECRET: 'cli-secret' }
    const off = loadConfig({ ...real, ...code }, fixedSecret)
    expect(off.clientCodeFlow).toBe('off')
    expect(off.codeClient).toBeNull()
    const on = loadConfig({ ...real, ...code, CLIENT_CODE_FLOW: 'on' }, fixedSecret)
    expect(on.clientCodeFlow).toBe('on')
    expect(on.codeClient).toEqual({ clientId: 'cli', clientSecret: 'cli-secret' })
    expect(loadConfig({}, fixedSecret).clientCodeFlow).toBe('on')
    expect(loadConfig({ CLIENT_CODE_FLOW: 'off' }, fixedSecret).codeClient).toBeNull()
  })

  it('names a bad CLIENT_CODE_FLOW, and CLIENT_CODE_FLOW=on without the code app', () => {
    expect(problemsOf({ CLIENT_CODE_FLOW: 'yes' })).toEqual([
      'CLIENT_CODE_FLOW must be on or off, got "yes" (off by default against the real service: see the README)',
    ])
    expect(problemsOf({ ...real, CLIENT_CODE_FLOW: 'on' })).toEqual([
      'CLIENT_CODE_FLOW=on needs YUQUE_CODE_CLIENT_ID and YUQUE_CODE_CLIENT_SECRET (the app the flow signs for)',
    ])
  })

  it('reads TRUSTED_PROXIES as addresses and CIDR ranges, off by default (docs/security.md#s5)', () => {
    expect(loadConfig({}, fixedSecret).trustedProxies).toEqual([])
    const config = loadConfig({ TRUSTED_PROXIES: ' 10.0.0.0/8, 192.0.2.7 ,fd00::/8' }, fixedSecret)
    expect(config.trustedProxies.map((range) => range.bits)).toEqual([104, 128, 8])
  })

  it('names every TRUSTED_PROXIES entry that is not an address or a range', () => {
    expect(problemsOf({ TRUSTED_PROXIES: '10.0.0.0/33,lb.internal,10.0.0.1' })).toEqual([
      'TRUSTED_PROXIES: "10.0.0.0/33" is not an IP address or a CIDR range (e.g. 10.0.0.0/8, 192.0.2.7, fd00::/8)',
      'TRUSTED_PROXIES: "lb.internal" is not an IP address or a CIDR range (e.g. 10.0.0.0/8, 192.0.2.7, fd00::/8)',
    ])
  })

  it('limits logins to 60 per client address per minute unless LOGIN_RATE_LIMIT says otherwise', () => {
    expect(loadConfig({}, fixedSecret).loginRateLimit).toBe(60)
    expect(loadConfig({ LOGIN_RATE_LIMIT: '1000' }, fixedSecret).loginRateLimit).toBe(1000)
    expect(problemsOf({ LOGIN_RATE_LIMIT: '0' })).toEqual([
      'LOGIN_RATE_LIMIT must be a whole number from 1 to 99999 (calls per client address per minute), got "0"',
    ])
  })

  describe('in production (NODE_ENV=production or an https APP_ORIGIN)', () => {
    it('runs with a service, an origin and a strong secret', () => {
      const config = loadConfig({
        ...production,
        NODE_ENV: 'production',
        APP_ORIGIN: 'https://play.example.com',
      })
      expect(config).toMatchObject({ isProduction: true, service: 'yuque' })
      expect(loadConfig({ SESSION_SECRET: STRONG_SECRET }).isProduction).toBe(false)
    })

    it('refuses the embedded emulator unless EMULATOR=on asks for it', () => {
      const env = { NODE_ENV: 'production', APP_ORIGIN: 'https://play.example.com' }
      expect(problemsOf({ ...env, SESSION_SECRET: STRONG_SECRET })).toEqual([
        'no service is configured in production (NODE_ENV=production): set the four YUQUE_* variables for Yuque, or EMULATOR=on to serve the embedded emulator and its demo users on purpose',
      ])
      // The https origin alone says production too.
      expect(
        problemsOf({ APP_ORIGIN: 'https://play.example.com', SESSION_SECRET: STRONG_SECRET })[0],
      ).toMatch(/^no service is configured in production \(an https APP_ORIGIN\)/)
      const asked = loadConfig({ ...env, SESSION_SECRET: STRONG_SECRET, EMULATOR: 'on' })
      expect(asked.service).toBe('emulator')
    })

    it('refuses a missing APP_ORIGIN instead of falling back to localhost:5173', () => {
      expect(problemsOf({ ...production, NODE_ENV: 'production' })).toEqual([
        'APP_ORIGIN must be set with NODE_ENV=production: the origin your users open, e.g. https://playground.example.com',
      ])
    })

    it('refuses a generated or weak SESSION_SECRET', () => {
      const env = { ...real, APP_ORIGIN: 'https://play.example.com' }
      expect(problemsOf(env)).toEqual([
        'SESSION_SECRET must be set in production (an https APP_ORIGIN): a generated one ends every session at a restart and differs between replicas',
      ])
      for (const weak of ['a'.repeat(32), 'password'.repeat(4)]) {
        const [problem] = problemsOf({ ...env, SESSION_SECRET: weak })
        expect(problem).toMatch(
          /^SESSION_SECRET looks weak \(its characters show about \d+ bits; at least 100 are needed\)/,
        )
        expect(problem).toContain('(required in production, an https APP_ORIGIN)')
        expect(problem).not.toContain(weak)
      }
    })

    it('names EMULATOR with a bad value, or beside the YUQUE_* variables', () => {
      expect(problemsOf({ EMULATOR: 'yes' })).toEqual([
        'EMULATOR must be on (the embedded emulator with its demo users, asked for explicitly) or unset, got "yes"',
      ])
      expect(problemsOf({ ...real, EMULATOR: 'on' })).toEqual([
        'EMULATOR=on asks for the embedded emulator: unset it, or the YUQUE_* variables',
      ])
    })
  })
})

describe('sessionSecretWeakness', () => {
  it('refuses repeats and accepts random bytes in base64url or hex', () => {
    expect(sessionSecretWeakness('a'.repeat(32))).toMatch(/about 0 bits/)
    expect(sessionSecretWeakness('password'.repeat(4))).toMatch(/about 88 bits/)
    expect(sessionSecretWeakness(STRONG_SECRET)).toBeNull()
    expect(sessionSecretWeakness('9a3e1e74e98f9a27803304ebb4a270c9')).toBeNull()
  })
})
