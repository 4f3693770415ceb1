/**
 * The snippets run: curl, node (the JavaScript one) and python3 execute them against the
 * emulator on a real socket, with YUQUE_TOKEN set to a token issued through the emulator's own
 * pages, and print the status and the body the service answered. Go is not installed on the
 * machines this runs on, so its snippet is not run (snippets.test.ts checks its text).
 */
/* eslint-disable no-restricted-imports -- a test, never bundled: it starts the emulator on a
   socket, writes the snippets to files and runs them */
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../emulator/start'
import { tokenThroughPages } from '../../../testing/emulator-pages'
import { snippetMessages } from './snippet-messages'
import { snippetFor, type SnippetRequest } from './snippets'

let emulator: RunningEmulator
let token = ''
let dir = ''

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 })
  token = await tokenThroughPages(emulator.app, 'alice', 'doc,repo,group')
  dir = await mkdtemp(path.join(tmpdir(), 'snippets-run-'))
}, 30_000)

afterAll(async () => {
  await emulator.close()
  await rm(dir, { recursive: true, force: true })
})

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), YUQUE_TOKEN: token } },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    )
  })
}

/** Runs `request`'s snippet in `language`; its status and body. */
async function answerOf(
  language: 'curl' | 'javascript' | 'python',
  request: Omit<SnippetRequest, 'baseUrl'>,
): Promise<{ status: number; body: unknown }> {
  const code = snippetFor(
    language,
    { ...request, baseUrl: `${emulator.url}/api/v2` },
    snippetMessages.comments,
  )
  let out: string
  if (language === 'curl') {
    out = await run('sh', ['-c', code])
    // curl -i: the status line, the headers, an empty line, the body.
    const [head = '', ...rest] = out.split(/\r?\n\r?\n/)
    return {
      status: Number(/^HTTP\/[\d.]+ (\d{3})/.exec(head)?.[1]),
      body: JSON.parse(rest.join('\n\n')),
    }
  }
  const file = path.join(dir, language === 'javascript' ? 'call.mjs' : 'call.py')
  await writeFile(file, code)
  out = await run(language === 'javascript' ? 'node' : 'python3', [file])
  const [status = '', ...body] = out.split('\n')
  return { status: Number(status), body: JSON.parse(body.join('\n')) }
}

const TITLE = `It's "quoted" \\ $HOME \`id\` 你好 🚀\nline two`

describe.each(['curl', 'javascript', 'python'] as const)('the %s snippet, run', (language) => {
  it('reads the user the token belongs to', async () => {
    const { status, body } = await answerOf(language, { method: 'GET', servicePath: '/user' })
    expect(status).toBe(200)
    expect(body).toMatchObject({ data: { login: 'alice' } })
  })

  it('creates, updates and deletes a document whose title holds quotes, Chinese and a line break', async () => {
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
  })
})
