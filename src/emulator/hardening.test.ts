/**
 * The emulator's answers to an outside review (docs/security.md, "Outside review: emulator"):
 * login CSRF, guess throttling, the client-code consent warning, and the Host check.
 */
import type { Context } from 'hono'
import { describe, expect, it } from 'vitest'
import { signClientCode } from '../protocol/client-code'
import { OAuthErrorSchema } from '../protocol/schemas'
import { createEmulator, type EmulatorOptions } from './emulator'
import { startEmulator } from './start'
import { openSignIn, redeemCode, tokenThroughPages, withUserAgent } from '../testing/emulator-pages'
import { sendHttp } from '../testing/raw-http'

const START = Date.parse('2025-01-15T10:00:00.000Z')

function setup(options: EmulatorOptions = {}) {
  let time = START
  const emulator = createEmulator({ clock: () => time, ...options })
  return { ...emulator, app: withUserAgent(emulator.app), advance: (ms: number) => (time += ms) }
}
type App = ReturnType<typeof setup>['app']

/** Text of a page without its markup, entities decoded enough for the checks below. */
async function textOf(response: Response): Promise<string> {
  return (await response.text())
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
}

function postSignIn(app: App, fields: [string, string][], cookie: string | null) {
  return app.request('/session', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(cookie === null ? {} : { Cookie: cookie }),
    },
    body: new URLSearchParams(fields).toString(),
  })
}

async function signInAs(app: App, login: string, password: string) {
  const form = await openSignIn(app)
  return postSignIn(app, [...form.hidden, ['login', login], ['password', password]], form.cookie)
}

describe('the sign-in form has a CSRF token (login CSRF)', () => {
  it('refuses a sign-in post without the token, as a cross-site form would send it', async () => {
    const { app } = setup()
    const response = await postSignIn(
      app,
      [
        ['login', 'alice'],
        ['password', 'password'],
      ],
      null,
    )
    expect(response.status).toBe(403)
    expect(response.headers.get('Set-Cookie')).toBeNull()
    expect(await textOf(response)).toContain(
      'The sign-in form’s security token is missing or wrong.',
    )
  })

  it('refuses a token that does not match the sign-in cookie', async () => {
    const { app } = setup()
    const form = await openSignIn(app)
    const other = await openSignIn(app)
    const fields = other.hidden.concat([
      ['login', 'alice'],
      ['password', 'password'],
    ])
    const response = await postSignIn(app, fields, form.cookie)
    expect(response.status).toBe(403)
    expect(await textOf(response)).toContain(
      'The sign-in form’s security token is missing or wrong.',
    )
  })

  it('refuses a sign-in post from another origin even with a matching cookie and token (a sibling port tossed the cookie)', async () => {
    const { app } = setup()
    const form = await openSignIn(app)
    const fields = [...form.hidden, ['login', 'alice'], ['password', 'password']]
    const post = (browser: Record<string, string>) =>
      app.request('/session', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Cookie: form.cookie,
          ...browser,
        },
        body: new URLSearchParams(fields).toString(),
      })
    // What a browser sends from a page on another port (same-site) or another site; with
    // no-referrer that page's Origin is null, and Fetch Metadata still names it.
    const strangers = [
      { Origin: 'http://localhost:5555', 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'null', 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'http://127.0.0.1' },
    ]
    for (const headers of strangers) {
      const refused = await post(headers)
      expect(refused.status, JSON.stringify(headers)).toBe(403)
      expect(refused.headers.get('Set-Cookie'), JSON.stringify(headers)).toBeNull()
    }
    // The emulator's own page, which sends no referrer: Origin null, same-origin (app.request
    // answers as http://localhost); and as a browser that names the origin.
    expect((await post({ Origin: 'null', 'Sec-Fetch-Site': 'same-origin' })).status).toBe(303)
    expect(
      (await post({ Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' })).status,
    ).toBe(303)
  })

  it('puts the token in the form and in an HttpOnly SameSite=Lax cookie scoped to /session', async () => {
    const { app } = setup()
    const response = await app.request('/settings/tokens')
    expect(response.headers.get('Set-Cookie')).toMatch(
      /^emu_sign_in=[\w-]{43}; Path=\/session; HttpOnly; SameSite=Lax$/,
    )
    const form = await openSignIn(app)
    expect(form.hidden.map(([name]) => name)).toEqual(['csrf'])
  })
})

describe('password guesses are throttled per address and per login', () => {
  const limited = { guessLimit: { limit: 3, windowMs: 15 * 60 * 1000 } }

  it('answers 429 with Retry-After after the limit of failures, even for the right password', async () => {
    const { app } = setup(limited)
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await signInAs(app, 'alice', `wrong-${attempt}`)).status).toBe(401)
    }
    const blocked = await signInAs(app, 'alice', 'password')
    expect(blocked.status).toBe(429)
    expect(blocked.headers.get('Retry-After')).toBe('900')
    expect(await textOf(blocked)).toContain(
      'Too many failed sign-in attempts from this address or for this account. Try again in 15 minutes.',
    )
  })

  it('counts per login: another address still cannot guess the same account', async () => {
    let address = '10.0.0.1'
    const { app } = setup({ ...limited, clientAddress: () => address })
    for (let attempt = 0; attempt < 3; attempt += 1) await signInAs(app, 'alice', 'wrong')
    address = '10.0.0.2'
    expect((await signInAs(app, 'alice', 'wrong')).status).toBe(429)
    expect((await signInAs(app, 'bob', 'password')).status).toBe(303)
  })

  it('does not count a success, and lets the window end', async () => {
    const { app, advance } = setup(limited)
    await signInAs(app, 'alice', 'wrong')
    await signInAs(app, 'alice', 'wrong')
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await signInAs(app, 'alice', 'password')).status).toBe(303)
    }
    await signInAs(app, 'alice', 'wrong')
    expect((await signInAs(app, 'alice', 'password')).status).toBe(429)
    advance(15 * 60 * 1000)
    expect((await signInAs(app, 'alice', 'password')).status).toBe(303)
  })

  it('allows 10 failures per 15 minutes by default', async () => {
    const { app } = setup()
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await signInAs(app, 'carol', 'wrong')).status).toBe(401)
    }
    expect((await signInAs(app, 'carol', 'wrong')).status).toBe(429)
  })
})

describe('client secret guesses are throttled at the token endpoint', () => {
  it('answers 429 with Retry-After after 10 wrong secrets, even for the right one', async () => {
    const { app } = setup()
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await redeemCode(app, 'some-code', { client_secret: `guess-${attempt}` })
      expect(response.status).toBe(401)
    }
    const blocked = await redeemCode(app, 'some-code')
    expect(blocked.status).toBe(429)
    expect(blocked.headers.get('Retry-After')).toBe('900')
    expect(OAuthErrorSchema.parse(await blocked.json()).error_description).toBe(
      'Too many failed client authentications for this client from this address. Try again in 15 minutes.',
    )
  })

  it('does not count a right secret with a bad code', async () => {
    const { app } = setup()
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect((await redeemCode(app, `bad-code-${attempt}`)).status).toBe(400)
    }
  })
})

describe('a stranger cannot lock the genuine client out of the token endpoint', () => {
  /** A token request as a cross-site form or a script sends it: `origin` null for none. */
  function tokenPost(app: App, secret: string, origin: string | null, address = '203.0.113.5') {
    return app.request('/oauth2/token', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'User-Agent': 'hardening-test/1.0',
        'X-Test-Address': address,
        ...(origin === null ? {} : { Origin: origin }),
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'playground-web',
        client_secret: secret,
        code: 'some-code',
      }).toString(),
    })
  }
  const byHeader = {
    clientAddress: (c: Context) => c.req.header('X-Test-Address') ?? '203.0.113.5',
  }

  it('refuses a request carrying Origin (a browser’s) before counting it, so the genuine client still gets its token', async () => {
    const { app } = setup(byHeader)
    for (const origin of [...Array<string>(10).fill('http://attacker.test'), 'null']) {
      const refused = await tokenPost(app, 'wrong', origin)
      expect(refused.status).toBe(400)
      const error = OAuthErrorSchema.parse(await refused.json())
      expect(error.error).toBe('invalid_request')
      expect(error.error_description).toContain('never by a browser')
    }
    // The proxy's call: no Origin, the right secret, from the same address.
    expect(await tokenThroughPages(app, 'alice', 'repo:read')).toMatch(/^emu_at_/)
  })

  it('counts wrong secrets per client and address: one address cannot block another', async () => {
    const { app } = setup(byHeader)
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await tokenPost(app, `guess-${attempt}`, null, '198.51.100.1')).status).toBe(401)
    }
    expect((await tokenPost(app, 'playground-web-secret', null, '198.51.100.1')).status).toBe(429)
    // Another address: the right secret is judged on its own (a bad code: 400, not 429).
    expect((await tokenPost(app, 'playground-web-secret', null, '198.51.100.2')).status).toBe(400)
    expect(await tokenThroughPages(app, 'alice', 'repo:read')).toMatch(/^emu_at_/)
  })
})

/** Opens `path`, signs in as alice, and opens the consent page the sign-in leads to. */
async function consentAfterSignIn(app: App, path: string): Promise<Response> {
  const form = await openSignIn(app, path)
  const signedIn = await postSignIn(
    app,
    [...form.hidden, ['login', 'alice'], ['password', 'password']],
    form.cookie,
  )
  const cookie = (
    signedIn.headers.getSetCookie().find((c) => c.startsWith('emu_session=')) ?? ''
  ).split(';')[0]
  return app.request(signedIn.headers.get('Location') ?? '', { headers: { Cookie: cookie ?? '' } })
}

describe('the client-code consent page warns and says when and from where', () => {
  async function clientCodeConsent(options: EmulatorOptions, signedAt: number) {
    const { app } = setup(options)
    const params = {
      client_id: 'playground-cli',
      code: 'Q1w2e3r4t5y6u7i8o9p0Q1w2e3r4t5y6u7i8o9p0',
      response_type: 'code',
      scope: 'doc:read',
      timestamp: String(signedAt),
    }
    const sign = await signClientCode(params, 'playground-cli-secret')
    const path = `/oauth2/authorize?${new URLSearchParams({ ...params, sign }).toString()}`
    return consentAfterSignIn(app, path)
  }

  it('warns, and shows the signed time (relative and absolute), the app and the opening address', async () => {
    const consent = await clientCodeConsent({ clientAddress: () => '127.0.0.1' }, START - 180_000)
    expect(consent.status).toBe(200)
    const text = await textOf(consent)
    expect(text).toContain('Approve only if you started this yourself, on this device.')
    expect(text).toContain(
      'Yuque OAuth Playground CLI started this sign-in 3 minutes ago (2025-01-15T09:57:00.000Z, the time the app signed).',
    )
    expect(text).toContain('This page was opened from 127.0.0.1.')
  })

  it('leaves out the opening address when the emulator does not know it', async () => {
    const text = await textOf(await clientCodeConsent({}, START))
    expect(text).toContain('started this sign-in just now')
    expect(text).not.toContain('opened from')
  })

  it('does not show the warning in the authorization-code flow', async () => {
    const { app } = setup()
    const path = '/oauth2/authorize?client_id=playground-web&response_type=code'
    const consent = await consentAfterSignIn(app, path)
    expect(await textOf(consent)).not.toContain('Approve only if')
  })
})

describe('the Host header must name the emulator', () => {
  it('answers 421 to another Host (DNS rebinding), in the shape of the area', async () => {
    const { app } = setup({ origin: 'http://127.0.0.1:4203' })
    const page = await app.request('/settings/tokens', { headers: { Host: 'attacker.example' } })
    expect(page.status).toBe(421)
    expect(await textOf(page)).toContain(
      'This emulator answers at 127.0.0.1:4203, not at "attacker.example". Use http://127.0.0.1:4203.',
    )
    const api = await app.request('/api/v2/users/alice', {
      headers: { Host: 'localhost:4203', 'User-Agent': 't' },
    })
    expect(api.status).toBe(421)
  })

  it.each([
    ['/api/v2/user', 'application/json', '{"status":421,'],
    ['/oauth2/token', 'application/json', '{"error":"invalid_request",'],
    ['/settings/tokens', 'text/html', '<!DOCTYPE html>'],
  ])(
    'answers a Host the URL parser refuses (xn--) on %s with 421 in the area’s shape over HTTP, not 500, and logs it',
    async (path, type, start) => {
      // src/emulator/fuzz.test.ts found it: @hono/node-server builds the URL from the Host as
      // sent, and reading it threw after the 421 was made (the log line) and while the page
      // was rendered.
      const lines: string[] = []
      const running = await startEmulator({ port: 0, options: { log: (line) => lines.push(line) } })
      try {
        const { host, port } = new URL(running.url)
        for (const sent of ['xn--', 'xn--a']) {
          const answer = await sendHttp(Number(port), host, {
            path,
            headers: ['Host', sent, 'User-Agent', 't'],
          })
          expect(answer.status, sent).toBe(421)
          expect(answer.headers['content-type'], sent).toContain(type)
          expect(answer.body.startsWith(start), answer.body.slice(0, 80)).toBe(true)
          expect(answer.body, sent).toContain(`not at`)
        }
        expect(lines.filter((line) => line.includes(` GET ${path} 421 `))).toHaveLength(2)
      } finally {
        await running.close()
      }
    },
  )

  it('answers its own host', async () => {
    const { app } = setup({ origin: 'http://127.0.0.1:4203' })
    const response = await app.request('/api/v2/users/alice', {
      headers: { Host: '127.0.0.1:4203', 'User-Agent': 't' },
    })
    expect(response.status).toBe(200)
  })
})
