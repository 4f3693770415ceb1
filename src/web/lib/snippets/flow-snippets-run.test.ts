/**
 * The flow's take-home code runs (flow-snippets.ts): curl in sh, node, python3 with requests and
 * `go run` execute each step's snippet against the emulator on a real socket, with PKCE required
 * there, so a verifier that does not fit its challenge is refused. The steps chain as a
 * developer would chain them by hand: the authorize snippet's URL is opened through the
 * emulator's real pages (signed in as alice), its printed state and verifier go to the callback
 * and exchange snippets, the token to the API call. The token is never printed by a test: only
 * its shape is compared. Every child is bounded in time (src/testing/run-snippet.ts).
 */
/* eslint-disable no-restricted-imports -- a test, never bundled: it starts the emulator on a
   socket and runs the snippets */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authorizeParams } from '../../../protocol/authorize'
import {
  MAX_POLL_ATTEMPTS,
  SIGNED_PARAMS,
  isValidClientCode,
  signClientCode,
} from '../../../protocol/client-code'
import { TokenResponseSchema } from '../../../protocol/schemas'
import { DEFAULT_WEB_REDIRECT_URI } from '../../../emulator/seed'
import { startEmulator, type RunningEmulator } from '../../../emulator/start'
import { authorizeThroughPages, parseForms } from '../../../testing/emulator-pages'
import {
  createSnippetRunner,
  type RunLanguage,
  type RunResult,
  type SnippetRunner,
} from '../../../testing/run-snippet'
import { flowSnippets, type FlowSnippetConfig, type FlowStep } from './flow-snippets'
import { flowMessages } from './flow-messages'
import { snippetMessages } from './snippet-messages'

const WEB_SECRET = 'playground-web-secret'
const CLI_SECRET = 'playground-cli-secret'
const SCOPE = 'doc,repo'

let emulator: RunningEmulator
let runner: SnippetRunner
let config: FlowSnippetConfig

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, options: { pkce: 'required' } })
  runner = await createSnippetRunner()
  config = {
    clientId: 'playground-web',
    redirectUri: DEFAULT_WEB_REDIRECT_URI,
    authorizeEndpoint: `${emulator.url}/oauth2/authorize`,
    baseUrl: `${emulator.url}/api/v2`,
    scope: SCOPE,
    pkce: 'S256',
    clientCodeClientId: 'playground-cli',
  }
}, 30_000)

afterAll(async () => {
  await emulator.close()
  await runner.close()
})

const comments = { flow: flowMessages.comments, api: snippetMessages.comments }

function codeOf(step: FlowStep, language: RunLanguage, written = config): string {
  const found = flowSnippets(step, written, comments).find((snippet) => snippet.tab === language)
  if (found === undefined) throw new Error(`no ${language} snippet for ${step}`)
  return found.code
}

const run = (step: FlowStep, language: RunLanguage, env: Record<string, string> = {}) =>
  runner.run(language, codeOf(step, language), env, 60_000)

/** A status and a body, as the snippet printed them (curl: `-i`'s status line, then the body). */
function answerOf(language: RunLanguage, { stdout }: RunResult): { status: number; body: unknown } {
  const [head = '', ...rest] =
    language === 'curl' ? stdout.split(/\r?\n\r?\n/) : stdout.split(/\n(.*)/s)
  const status = Number(language === 'curl' ? /^HTTP\/[\d.]+ (\d{3})/.exec(head)?.[1] : head)
  try {
    return { status, body: JSON.parse(rest.join('\n')) as unknown }
  } catch {
    // Never the text itself: it may hold a token.
    throw new Error(`the ${language} snippet printed status ${status} and no JSON body`)
  }
}

/** What a token response looks like, with the token itself only said to be there. */
function tokenShape(body: unknown) {
  const parsed = TokenResponseSchema.safeParse(body)
  if (!parsed.success) return { valid: false }
  const { access_token: token, ...rest } = parsed.data
  return { valid: true, hasToken: token.length > 0, ...rest }
}

/** The poll's output: its `pending n/max` lines, then the status and body it stopped at. */
function pollOutput({ stdout }: RunResult) {
  const lines = stdout.trim().split('\n')
  const pending = lines.filter((line) => line.startsWith('pending '))
  const [status = '', ...body] = lines.slice(pending.length)
  return { pending, status: Number(status), body: body.join('\n') }
}

/** Loads a page of the emulator as a browser would (with a User-Agent): is it the sign-in page? */
async function page(url: string) {
  const response = await fetch(url, { headers: { 'User-Agent': 'flow-snippets-run/1.0' } })
  const forms = parseForms(await response.text()).map((form) => form.id)
  return { status: response.status, signIn: forms.includes('sign-in') }
}

/** Computes a value once, on first use, for the tests that need it. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () => (made ??= make())
}

describe.each(['curl', 'javascript', 'python', 'go'] as const)(
  'the %s take-home code, run',
  (language) => {
    /** The authorize step run: the URL it printed, and the state and verifier it printed after. */
    const authorize = once(async () => {
      const result = await run('authorize', language)
      const lines = result.stdout.trim().split('\n')
      const value = (name: string) =>
        lines.find((line) => line.startsWith(`${name}=`))?.slice(name.length + 1) ?? ''
      return {
        result,
        url: new URL(lines[0] ?? ''),
        state: value('YUQUE_STATE'),
        verifier: value('YUQUE_CODE_VERIFIER'),
      }
    })
    /** That URL opened, signed in as alice and approved on the pages: where the browser returns. */
    const returned = once(async () => {
      const { url } = await authorize()
      const answer = await authorizeThroughPages(emulator.app, url.href, { login: 'alice' })
      return new URL(answer.location ?? '')
    })
    /** The exchange step run with the code of that return and the verifier printed. */
    const exchanged = once(async () => {
      const { verifier } = await authorize()
      const code = (await returned()).searchParams.get('code') ?? ''
      const env = {
        YUQUE_CLIENT_SECRET: WEB_SECRET,
        YUQUE_CODE: code,
        YUQUE_CODE_VERIFIER: verifier,
      }
      return { env, result: await run('exchange', language, env) }
    })

    it(
      'prints an authorize URL in authorizeParams’ order that the emulator answers with its sign-in page',
      { timeout: 60_000 },
      async () => {
        const { result, url, state, verifier } = await authorize()
        expect(result.exitCode).toBe(0)
        expect(`${url.origin}${url.pathname}`).toBe(config.authorizeEndpoint)
        const expected = authorizeParams({
          clientId: config.clientId,
          redirectUri: config.redirectUri,
          scope: SCOPE,
          state,
          codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
        })
        expect([...url.searchParams]).toEqual(expected)
        // 32 CSPRNG bytes each, base64url (docs/security.md#a1, #a8).
        expect(state).toMatch(/^[\w-]{43}$/)
        expect(verifier).toMatch(/^[\w-]{43}$/)
        expect(await page(url.href)).toEqual({ status: 200, signIn: true })
      },
    )

    it.skipIf(language === 'curl')(
      'accepts the return of its own login and refuses a tampered state, an error and a repeated code',
      { timeout: 60_000 },
      async () => {
        const { state } = await authorize()
        const back = (await returned()).href
        const check = (callbackUrl: string, keptState = state) =>
          run('callback', language, { YUQUE_CALLBACK_URL: callbackUrl, YUQUE_STATE: keptState })
        expect(await check(back)).toMatchObject({ exitCode: 0, stdout: 'ok\n' })
        const other = `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`
        const refusals = [
          [await check(back, other), 'state'],
          [await check(`${back}&code=another`), 'repeated'],
          [
            await check(`${config.redirectUri}?error=access_denied&state=${state}`),
            'access_denied',
          ],
          [await check(`${config.redirectUri}?state=${state}`), 'no code'],
        ] as const
        for (const [result, reason] of refusals) {
          expect(result.exitCode, reason).not.toBe(0)
          expect(result.stdout, reason).not.toContain('ok')
          expect(result.stderr, reason).toContain(reason)
        }
      },
    )

    it(
      'exchanges the code for a bearer token: the verifier fits its challenge',
      { timeout: 60_000 },
      async () => {
        const { result } = await exchanged()
        expect(result.exitCode).toBe(0)
        const answer = answerOf(language, result)
        expect(answer.status).toBe(200)
        expect(tokenShape(answer.body)).toEqual({
          valid: true,
          hasToken: true,
          token_type: 'bearer',
          scope: SCOPE,
        })
      },
    )

    it('calls GET /user with the token it got: 200 and alice', { timeout: 60_000 }, async () => {
      const body = answerOf(language, (await exchanged()).result).body as { access_token: string }
      const result = await runner.run(language, codeOf('api', language), {
        YUQUE_TOKEN: body.access_token,
      })
      const answer = answerOf(language, result)
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({ data: { login: 'alice' } })
    })

    it(
      'fails on a second exchange of the same code, which the service refuses',
      { timeout: 60_000 },
      async () => {
        // A code is single-use (docs/security.md#k2); the snippet never retries by itself.
        const again = await run('exchange', language, (await exchanged()).env)
        expect(answerOf(language, again)).toEqual({
          status: 400,
          body: { error: 'invalid_grant', error_description: expect.any(String) },
        })
        if (language !== 'curl') expect(again.exitCode).not.toBe(0)
      },
    )

    it('refuses to run without YUQUE_CLIENT_SECRET, naming it', { timeout: 60_000 }, async () => {
      for (const step of ['exchange', 'client-code-sign'] as const) {
        const result = await run(step, language, { YUQUE_CODE: 'x', YUQUE_CODE_VERIFIER: 'y' })
        expect(result.exitCode, step).not.toBe(0)
        expect(result.stderr, step).toContain('YUQUE_CLIENT_SECRET')
      }
    })

    /** The client-code step run (written for `scope`): the URL it printed. */
    const signed = async (scope = SCOPE) => {
      const code = codeOf('client-code-sign', language, { ...config, scope })
      const result = await runner.run(language, code, { YUQUE_CLIENT_SECRET: CLI_SECRET }, 60_000)
      expect(result.exitCode).toBe(0)
      return new URL(result.stdout.trim())
    }

    it(
      "encodes signed values as encodeURIComponent does: !'()*~, a space, a colon and Chinese",
      { timeout: 60_000 },
      async () => {
        // No scope of the service has these: only the signature is compared, nothing is sent.
        const url = await signed("doc,repo:read !'()*~ 你好")
        const params = Object.fromEntries(url.searchParams)
        expect(params.scope).toBe("doc,repo:read !'()*~ 你好")
        expect(params.sign).toBe(await signClientCode(params, CLI_SECRET))
      },
    )

    it(
      'signs the client-code request as src/protocol/client-code.ts does, and the emulator shows its sign-in page',
      { timeout: 60_000 },
      async () => {
        const url = await signed()
        expect([...url.searchParams.keys()]).toEqual([...SIGNED_PARAMS, 'sign'])
        const params = Object.fromEntries(url.searchParams)
        expect(params).toMatchObject({
          client_id: 'playground-cli',
          response_type: 'code',
          scope: SCOPE,
        })
        expect(isValidClientCode(params.code ?? '')).toBe(true)
        expect(Math.abs(Number(params.timestamp) - Date.now())).toBeLessThan(60_000)
        expect(params.sign).toBe(await signClientCode(params, CLI_SECRET))
        expect(await page(url.href)).toEqual({ status: 200, signIn: true })
      },
    )

    it.concurrent(
      'polls: pending while the user decides, then the token once approved',
      { timeout: 60_000 },
      async () => {
        const url = await signed()
        const code = url.searchParams.get('code') ?? ''
        const polling = await runner.start(language, codeOf('client-code-poll', language), {
          YUQUE_CLIENT_CODE: code,
        })
        await polling.waitForLine((line) => line === `pending 1/${MAX_POLL_ATTEMPTS}`, 30_000)
        await authorizeThroughPages(emulator.app, url.href, { login: 'alice' })
        const result = await polling.finished
        expect(result.exitCode).toBe(0)
        const { pending, status, body } = pollOutput(result)
        expect(pending[0]).toBe(`pending 1/${MAX_POLL_ATTEMPTS}`)
        expect(status).toBe(200)
        expect(tokenShape(JSON.parse(body))).toMatchObject({
          valid: true,
          token_type: 'bearer',
          scope: SCOPE,
        })
      },
    )

    it.concurrent('polls: stops when the user denies', { timeout: 60_000 }, async () => {
      const url = await signed()
      const polling = await runner.start(language, codeOf('client-code-poll', language), {
        YUQUE_CLIENT_CODE: url.searchParams.get('code') ?? '',
      })
      await polling.waitForLine((line) => line.startsWith('pending 1/'), 30_000)
      await authorizeThroughPages(emulator.app, url.href, { login: 'alice', deny: true })
      const result = await polling.finished
      const { pending, status, body } = pollOutput(result)
      expect(pending.length).toBeGreaterThan(0)
      expect(status).toBe(400)
      expect(JSON.parse(body)).toMatchObject({ error: 'access_denied' })
      if (language !== 'curl') {
        expect(result.exitCode).not.toBe(0)
        expect(result.stderr).toContain('denied')
      }
    })
  },
)
