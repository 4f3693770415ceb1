/* eslint-disable no-restricted-imports -- a test, never bundled: real parsers read the snippets */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { authorizeParams } from '../../../protocol/authorize'
import { SIGNED_PARAMS } from '../../../protocol/client-code'
import {
  FLOW_STEPS,
  flowSnippets,
  type FlowSnippetComments,
  type FlowSnippetConfig,
} from './flow-snippets'
import { flowMessages } from './flow-messages'
import { snippetMessages } from './snippet-messages'
import { flowMessagesZh } from './flow-messages.zh'
import { snippetMessagesZh } from './snippet-messages.zh'

const config: FlowSnippetConfig = {
  clientId: 'my-app',
  redirectUri: 'https://app.example/callback',
  authorizeEndpoint: 'https://www.yuque.com/oauth2/authorize',
  baseUrl: 'https://www.yuque.com/api/v2',
  scope: 'doc,repo:read',
  pkce: 'S256',
  clientCodeClientId: 'my-cli',
}
const en: FlowSnippetComments = {
  flow: flowMessages.comments,
  api: snippetMessages.comments,
}
const zh: FlowSnippetComments = {
  flow: flowMessagesZh.comments,
  api: snippetMessagesZh.comments,
}

const codeOf = (step: (typeof FLOW_STEPS)[number], tab: string, written = config) =>
  flowSnippets(step, written, en).find((snippet) => snippet.tab === tab)?.code ?? ''

/**
 * Whether `names` appear in `code` in this order, each after the one before: as `"name"` in
 * JavaScript, Python and Go, as `name=` in the shell's query.
 */
function inOrder(code: string, tab: string, names: readonly string[]): boolean {
  let at = -1
  for (const name of names) {
    at = code.indexOf(tab === 'curl' ? `${name}=` : `"${name}"`, at + 1)
    if (at < 0) return false
  }
  return true
}

describe('flowSnippets', () => {
  it('writes the authorize request’s parameters in the order authorizeParams gives, in every language', () => {
    const names = authorizeParams({
      clientId: config.clientId,
      redirectUri: config.redirectUri,
      scope: config.scope,
      state: 's',
      codeChallenge: 'c',
    }).map(([name]) => name)
    expect(names).toHaveLength(7)
    for (const tab of ['curl', 'javascript', 'python', 'go']) {
      const code = codeOf('authorize', tab)
      expect(inOrder(code, tab, names), `${tab}:\n${code}`).toBe(true)
      expect(inOrder(code, tab, [...names].reverse()), tab).toBe(false)
    }
  })

  it('leaves the verifier and the challenge out with PKCE off', () => {
    const off = { ...config, pkce: 'off' as const }
    for (const tab of ['curl', 'javascript', 'python', 'go']) {
      const code = codeOf('authorize', tab, off)
      expect(code, tab).not.toMatch(/code_challenge|codeChallenge|YUQUE_CODE_VERIFIER/)
      expect(code, tab).toContain('state')
      expect(codeOf('exchange', tab, off), tab).not.toContain('code_verifier')
    }
  })

  it('signs the client-code parameters SIGNED_PARAMS names, in its order, in every language', () => {
    expect(SIGNED_PARAMS).toEqual(['client_id', 'code', 'response_type', 'scope', 'timestamp'])
    for (const tab of ['curl', 'javascript', 'python', 'go']) {
      const code = codeOf('client-code-sign', tab)
      expect(inOrder(code, tab, SIGNED_PARAMS), `${tab}:\n${code}`).toBe(true)
      expect(code, tab).toMatch(/sha1|SHA1|sha1\.New/)
    }
  })

  it('says in curl that the callback is the app’s own code, and makes no call there', () => {
    const code = codeOf('callback', 'curl')
    expect(code.split('\n').every((line) => line.startsWith('# '))).toBe(true)
    expect(code).toContain(flowMessages.comments.callbackApp)
  })

  it('calls the API as the explorer does: GET /user, X-Auth-Token, a User-Agent, the SDK’s tab too', () => {
    const tabs = flowSnippets('api', config, en)
    expect(tabs.map((snippet) => snippet.tab)).toEqual([
      'curl',
      'javascript',
      'sdk',
      'python',
      'go',
    ])
    expect(tabs[0]?.code).toContain(`'${config.baseUrl}/user'`)
    expect(tabs[0]?.code).toContain('"X-Auth-Token: $YUQUE_TOKEN"')
    expect(tabs[0]?.code).toContain('User-Agent: ')
  })

  it('has no client-code snippet where there is no client-code app', () => {
    const none = { ...config, clientCodeClientId: null }
    expect(flowSnippets('client-code-sign', none, en)).toEqual([])
    expect(flowSnippets('client-code-poll', none, en)).toEqual([])
    expect(flowSnippets('exchange', none, en)).toHaveLength(4)
  })

  it('never holds a client secret: each program reads YUQUE_CLIENT_SECRET when it runs', () => {
    // The browser renders these and never has a secret (docs/security.md#h1, #j1): even given
    // one beside the configuration, the snippets hold none of it.
    const CANARY = 'canary-secret-7f3a9c'
    const leaky = { ...config, clientSecret: CANARY, clientCodeSecret: `${CANARY}-cli` }
    for (const comments of [en, zh]) {
      for (const step of FLOW_STEPS) {
        for (const { tab, code } of flowSnippets(step, leaky, comments)) {
          expect(code, `${step} ${tab}`).not.toContain(CANARY)
        }
      }
    }
    const reads = {
      curl: '$YUQUE_CLIENT_SECRET',
      javascript: 'process.env.YUQUE_CLIENT_SECRET',
      python: 'os.environ["YUQUE_CLIENT_SECRET"]',
      go: 'os.Getenv("YUQUE_CLIENT_SECRET")',
    }
    for (const step of ['exchange', 'client-code-sign'] as const) {
      for (const [tab, read] of Object.entries(reads)) {
        expect(codeOf(step, tab), `${step} ${tab}`).toContain(read)
      }
    }
    // A poll sends none (docs/service.md#client-code-flow).
    for (const tab of Object.keys(reads)) {
      expect(codeOf('client-code-poll', tab), tab).not.toMatch(/client_secret|CLIENT_SECRET/)
    }
  })

  it('writes its comments in the reader’s language, each on one line', () => {
    const code = flowSnippets('exchange', config, zh).find((s) => s.tab === 'python')?.code ?? ''
    expect(code).toContain('# 只请求一次，绝不重试')
    expect(code).not.toContain('One attempt')
    const broken: FlowSnippetComments = {
      ...en,
      flow: { ...en.flow, oneAttempt: 'one\ntwo' },
    }
    const lines = (flowSnippets('exchange', config, broken)[1]?.code ?? '').split('\n')
    expect(lines).toContain('// one two')
  })

  it('writes programs that parse in their language, with comments in either language; Go as gofmt writes it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'flow-snippets-parse-'))
    // Each language's own parser, bounded in time; `gofmt -l` names a file it would change.
    const check: Record<string, (file: string) => [string, string[]]> = {
      curl: (file: string) => ['sh', ['-n', file]],
      javascript: (file: string) => ['node', ['--check', file]],
      sdk: (file: string) => ['node', ['--check', file]],
      python: (file: string) => ['python3', ['-m', 'py_compile', file]],
      go: (file: string) => ['gofmt', ['-l', file]],
    }
    try {
      let count = 0
      for (const comments of [en, zh]) {
        for (const step of FLOW_STEPS) {
          for (const { tab, code } of flowSnippets(step, config, comments)) {
            const file = path.join(
              dir,
              `${++count}.${{ curl: 'sh', javascript: 'mjs', sdk: 'mjs', python: 'py', go: 'go' }[tab]}`,
            )
            writeFileSync(file, `${code}\n`)
            const [command, args] = check[tab]?.(file) ?? ['false', []]
            const out = execFileSync(command, args, { encoding: 'utf8', timeout: 10_000 })
            expect(out, `${step} ${tab}`).toBe('')
          }
        }
      }
      expect(count).toBe(2 * (4 * 5 + 5))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
