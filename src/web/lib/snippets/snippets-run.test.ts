/**
 * The snippets run: curl, node (the JavaScript ones: fetch, and the official SDK where it has
 * the call), python3 (with requests) and go execute them
 * against the emulator on a real socket, with YUQUE_TOKEN set to a token issued through the
 * emulator's own pages, and print the status and the body the service answered. Every child is
 * bounded in time (src/testing/run-snippet.ts); scripts/ensure-system-packages.ts installs Go and
 * requests where they are missing.
 */
/* eslint-disable no-restricted-imports -- a test, never bundled: it starts the emulator on a
   socket and runs the snippets */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../emulator/start'
import { tokenThroughPages } from '../../../testing/emulator-pages'
import { createSnippetRunner, type SnippetRunner } from '../../../testing/run-snippet'
import { sdkSnippetFor } from './sdk-snippet'
import { snippetMessages } from './snippet-messages'
import {
  SNIPPET_LANGUAGES,
  snippetFor,
  type SnippetLanguage,
  type SnippetRequest,
} from './snippets'

let emulator: RunningEmulator
let runner: SnippetRunner
let token = ''

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 })
  token = await tokenThroughPages(emulator.app, 'alice', 'doc,repo,group')
  runner = await createSnippetRunner()
}, 30_000)

afterAll(async () => {
  await emulator.close()
  await runner.close()
})

/**
 * The official SDK's snippet (sdk-snippet.ts) run with node: it prints the `data` of a 200, or
 * the status and message it throws with. As the others' status and body: `{data}` on success,
 * the service's `{message}` with the status thrown on failure.
 */
async function sdkAnswerOf(request: SnippetRequest): Promise<{ status: number; body: unknown }> {
  const code = sdkSnippetFor(request, snippetMessages.comments)
  if (code === null)
    throw new Error(`the SDK has no call for ${request.method} ${request.servicePath}`)
  const { exitCode, stdout, stderr } = await runner.run('javascript', code, { YUQUE_TOKEN: token })
  if (exitCode === 0) return { status: 200, body: { data: JSON.parse(stdout) as unknown } }
  const [, status = '', message = ''] = /^(\d{3}) (.*)$/m.exec(stderr) ?? []
  return { status: Number(status), body: { message } }
}

/** Runs `request`'s snippet in `language`; its status and body. */
async function answerOf(
  language: SnippetLanguage | 'sdk',
  request: Omit<SnippetRequest, 'baseUrl'>,
): Promise<{ status: number; body: unknown }> {
  if (language === 'sdk') return sdkAnswerOf({ ...request, baseUrl: `${emulator.url}/api/v2` })
  const code = snippetFor(
    language,
    { ...request, baseUrl: `${emulator.url}/api/v2` },
    snippetMessages.comments,
  )
  const { exitCode, stdout, stderr } = await runner.run(language, code, { YUQUE_TOKEN: token })
  if (exitCode !== 0) throw new Error(`the ${language} snippet exited with ${exitCode}:\n${stderr}`)
  if (language === 'curl') {
    // curl -i: the status line, the headers, an empty line, the body.
    const [head = '', ...rest] = stdout.split(/\r?\n\r?\n/)
    return {
      status: Number(/^HTTP\/[\d.]+ (\d{3})/.exec(head)?.[1]),
      body: JSON.parse(rest.join('\n\n')),
    }
  }
  const [status = '', ...body] = stdout.split('\n')
  return { status: Number(status), body: JSON.parse(body.join('\n')) }
}

const TITLE = `It's "quoted" \\ $HOME \`id\` 你好 🚀\nline two`

describe.each([...SNIPPET_LANGUAGES, 'sdk' as const])('the %s snippet, run', (language) => {
  it('reads the user the token belongs to', { timeout: 30_000 }, async () => {
    const { status, body } = await answerOf(language, { method: 'GET', servicePath: '/user' })
    expect(status).toBe(200)
    expect(body).toMatchObject({ data: { login: 'alice' } })
  })

  it(
    'creates, updates and deletes a document whose title holds quotes, Chinese and a line break',
    { timeout: 60_000 },
    async () => {
      const slug = `snippet-${language}`
      const created = await answerOf(language, {
        method: 'POST',
        servicePath: '/repos/20011/docs',
        body: JSON.stringify({ title: TITLE, slug, body: '# 你好', format: 'markdown' }, null, 2),
      })
      expect(created.status).toBe(200)
      expect(created.body).toMatchObject({ data: { title: TITLE, slug } })

      const updated = await answerOf(language, {
        method: 'PUT',
        servicePath: `/repos/20011/docs/${slug}`,
        body: JSON.stringify({ title: `${TITLE}, edited` }),
      })
      expect(updated.status).toBe(200)
      expect(updated.body).toMatchObject({ data: { title: `${TITLE}, edited` } })

      const deleted = await answerOf(language, {
        method: 'DELETE',
        servicePath: `/repos/20011/docs/${slug}`,
      })
      expect(deleted.status).toBe(200)
      const gone = await answerOf(language, {
        method: 'GET',
        servicePath: `/repos/20011/docs/${slug}`,
      })
      expect(gone.status).toBe(404)
      expect(gone.body).toMatchObject({ message: expect.any(String) })
    },
  )
})
