// eslint-disable-next-line no-restricted-imports -- a test, never bundled: a real shell and real interpreters read the quoting
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { snippetMessages } from './snippet-messages'
import { snippetMessagesZh } from './snippet-messages.zh'
import { SNIPPET_LANGUAGES, SNIPPET_USER_AGENT, snippetFor, type SnippetRequest } from './snippets'

const BASE = 'https://www.yuque.com/api/v2'
const en = snippetMessages.comments

const get: SnippetRequest = { method: 'GET', baseUrl: `${BASE}/`, servicePath: '/user' }
/** Quotes of both kinds, a backslash, a dollar, a backquote, Chinese, an emoji and a line break. */
const TRICKY = `It's "quoted" \\ $HOME \`id\` 你好 🚀\nline two\u2028`
const put: SnippetRequest = {
  method: 'PUT',
  baseUrl: BASE,
  servicePath: '/repos/1/docs/intro',
  body: JSON.stringify({ title: TRICKY, public: 1, format: 'markdown' }, null, 2),
}
const post: SnippetRequest = { ...put, method: 'POST', servicePath: '/repos/1/docs' }
const del: SnippetRequest = { method: 'DELETE', baseUrl: BASE, servicePath: '/repos/1/docs/9' }

/** What the JSON body of `request` is once the snippet's own quoting is read back. */
const sentBody = (request: SnippetRequest) => JSON.parse(request.body ?? 'null') as unknown

/** What a POSIX shell makes of the curl command's words (sh parses it; curl is not run). */
function shellWords(code: string): string[] {
  const script = code.replace(/^curl /m, 'printf "%s\\n" ')
  return execFileSync('sh', ['-c', script], {
    env: { YUQUE_TOKEN: 't0ken', HOME: '/root' },
    encoding: 'utf8',
    timeout: 10_000,
  })
    .replace(/\n$/, '')
    .split('\n')
}

describe('snippetFor', () => {
  it('writes curl for GET with the token placeholder, Accept and a User-Agent', () => {
    expect(snippetFor('curl', get, en)).toBe(
      [
        '# Set YUQUE_TOKEN to an access token first.',
        '# The service refuses a call without a User-Agent: put your app’s name in it.',
        "curl -i -X GET 'https://www.yuque.com/api/v2/user' \\",
        '  -H "X-Auth-Token: $YUQUE_TOKEN" \\',
        "  -H 'Accept: application/json' \\",
        `  -H 'User-Agent: ${SNIPPET_USER_AGENT}'`,
      ].join('\n'),
    )
  })

  it('writes the body compact and shell-quoted for curl: the shell reads it back unchanged', () => {
    const words = shellWords(snippetFor('curl', put, en))
    expect(words.slice(0, 4)).toEqual(['-i', '-X', 'PUT', `${BASE}/repos/1/docs/intro`])
    expect(words).toContain('X-Auth-Token: t0ken')
    expect(words).toContain('Content-Type: application/json')
    const body = words.slice(words.indexOf('--data-binary') + 1).join('\n')
    expect(body).toBe(JSON.stringify(sentBody(put)))
  })

  it('writes JavaScript whose body, URL and method node reads back unchanged', () => {
    const code = snippetFor('javascript', put, en)
    expect(code).toContain("'X-Auth-Token': process.env.YUQUE_TOKEN ?? ''")
    expect(code).toContain(`"User-Agent": "${SNIPPET_USER_AGENT}"`)
    // Swap fetch for one that prints what it was given.
    const program = `const fetch = async (url, init) => { console.log(JSON.stringify({ url, method: init.method, headers: init.headers, body: init.body })); return { status: 200, text: async () => '' } }\n${code.replace(/^console\.log.*$/gm, '')}`
    const printed = execFileSync('node', ['--input-type=module', '-e', program], {
      env: { ...process.env, YUQUE_TOKEN: 't0ken' },
      encoding: 'utf8',
      timeout: 10_000,
    })
    const seen = JSON.parse(printed) as {
      url: string
      method: string
      body: string
      headers: object
    }
    expect(seen.url).toBe(`${BASE}/repos/1/docs/intro`)
    expect(seen.method).toBe('PUT')
    expect(JSON.parse(seen.body)).toEqual(sentBody(put))
    expect(seen.headers).toMatchObject({
      'X-Auth-Token': 't0ken',
      'User-Agent': SNIPPET_USER_AGENT,
      'Content-Type': 'application/json',
    })
  })

  it('writes Python with requests whose body python3 reads back unchanged', () => {
    const code = snippetFor('python', post, en)
    expect(code).toContain('os.environ["YUQUE_TOKEN"]')
    expect(code).toContain('response = requests.post(')
    expect(code).not.toMatch(/^import (?!os$|requests$)/m)
    // requests' transport prints what it would send instead of sending it: the request as
    // requests prepared it, headers and body as they would go on the wire.
    const program = `import json\nimport requests\n\nclass Seen(Exception):\n    pass\n\ndef send(self, request, **kwargs):\n    print(json.dumps({"url": request.url, "method": request.method, "body": request.body.decode("utf-8"), "headers": dict(request.headers)}))\n    raise Seen()\n\nrequests.adapters.HTTPAdapter.send = send\ntry:\n    exec(${JSON.stringify(code)})\nexcept Seen:\n    pass\n`
    const printed = execFileSync('python3', ['-c', program], {
      env: { ...process.env, YUQUE_TOKEN: 't0ken' },
      encoding: 'utf8',
      timeout: 10_000,
    })
    const seen = JSON.parse(printed) as {
      url: string
      method: string
      body: string
      headers: object
    }
    expect(seen.url).toBe(`${BASE}/repos/1/docs`)
    expect(seen.method).toBe('POST')
    expect(JSON.parse(seen.body)).toEqual(sentBody(post))
    expect(seen.headers).toMatchObject({
      'X-Auth-Token': 't0ken',
      'User-Agent': SNIPPET_USER_AGENT,
      'Content-Type': 'application/json',
    })
  })

  it('writes Go with net/http, a raw string body when it can and a quoted one when not', () => {
    const code = snippetFor('go', put, en)
    expect(code).toContain('request.Header.Set("X-Auth-Token", os.Getenv("YUQUE_TOKEN"))')
    expect(code).toContain(`request.Header.Set("User-Agent", "${SNIPPET_USER_AGENT}")`)
    expect(code).toContain('\t"strings"')
    // The body holds a backquote: a raw string could not, so it is a quoted one, JSON's escapes.
    expect(code).toContain(
      `strings.NewReader(${JSON.stringify(JSON.stringify(sentBody(put))).replace('\u2028', '\\u2028')})`,
    )
    const plain = snippetFor('go', { ...put, body: '{"title": "It\'s \\"x\\""}' }, en)
    expect(plain).toContain('strings.NewReader(`{"title":"It\'s \\"x\\""}`)')
    // snippets-run.test.ts compiles and runs it against the emulator.
    expect(snippetFor('go', get, en)).toContain(
      'http.NewRequest("GET", "https://www.yuque.com/api/v2/user", nil)',
    )
    expect(snippetFor('go', get, en)).not.toContain('"strings"')
  })

  it('writes DELETE without a body or Content-Type in every language', () => {
    for (const language of SNIPPET_LANGUAGES) {
      const code = snippetFor(language, del, en)
      // requests names the method in its function: requests.delete(…).
      expect(code, language).toMatch(/DELETE|requests\.delete\(/)
      expect(code, language).toContain(`${BASE}/repos/1/docs/9`)
      expect(code, language).not.toContain('Content-Type')
      expect(code, language).toContain(SNIPPET_USER_AGENT)
    }
  })

  it('writes the comments in the reader’s language, each on one line', () => {
    for (const language of SNIPPET_LANGUAGES) {
      const code = snippetFor(language, get, snippetMessagesZh.comments)
      expect(code, language).toContain('先把 YUQUE_TOKEN 设为一个访问令牌。')
      expect(code, language).not.toContain('Set YUQUE_TOKEN')
    }
    const broken = snippetFor('python', get, { token: 'one\ntwo', userAgent: 'three' })
    expect(broken.split('\n').slice(0, 2)).toEqual(['# one two', '# three'])
  })

  it('sends a body that is no JSON as typed, quoted', () => {
    const text = snippetFor('javascript', { ...post, body: 'not json "x"' }, en)
    expect(text).toContain('body: "not json \\"x\\"",')
  })
})
