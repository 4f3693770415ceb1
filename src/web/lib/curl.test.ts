// eslint-disable-next-line no-restricted-imports -- a test, never bundled: a real shell checks the quoting
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import type { TraceStep } from '../../protocol/trace'
import { curlFor, shellQuote } from './curl'

const exchange: TraceStep = {
  kind: 'exchange',
  title: 'Code exchanged at the token endpoint',
  outcome: 'passed',
  notes: [],
  request: {
    method: 'POST',
    url: 'http://127.0.0.1:4010/oauth2/token',
    paramsIn: 'form',
    params: [
      { name: 'client_id', value: 'playground-web' },
      {
        name: 'client credential',
        value: '$CLIENT_CREDENTIAL',
        redacted: 'pair',
        note: 'added by the proxy',
      },
      { name: 'code', value: '$CODE', redacted: 'value', note: 'single-use, spent' },
      { name: 'grant_type', value: 'authorization_code' },
    ],
    headers: [
      { name: 'Content-Type', value: 'application/x-www-form-urlencoded' },
      { name: 'Accept', value: 'application/json' },
      { name: 'User-Agent', value: 'yuque-oauth-playground/0.1.0' },
    ],
  },
}

const apiCall: TraceStep = {
  kind: 'api',
  title: 'API call: GET /user',
  outcome: 'passed',
  notes: [],
  request: {
    method: 'GET',
    url: 'http://127.0.0.1:4010/api/v2/user',
    paramsIn: 'query',
    params: [],
    headers: [
      { name: 'Accept', value: 'application/json' },
      { name: 'User-Agent', value: 'yuque-oauth-playground/0.1.0' },
      { name: 'X-Auth-Token', value: '$YUQUE_TOKEN', redacted: 'value', note: 'your own token' },
    ],
  },
}

/** What a POSIX shell makes of the command's words (sh parses it; curl is not run). */
function shellWords(command: string, env: Record<string, string>): string[] {
  const script = command.replace(/^curl /m, 'printf "%s\\n" ')
  return execFileSync('sh', ['-c', script], { env, encoding: 'utf8' }).trimEnd().split('\n')
}

describe('curlFor', () => {
  it('writes the exchange with the code and the credential as explained placeholders', () => {
    const curl = curlFor(exchange)!
    expect(curl.placeholders).toEqual(['$CLIENT_CREDENTIAL', '$CODE'])
    expect(curl.text).toContain('# $CODE: single-use, spent')
    expect(curl.text).toContain('# $CLIENT_CREDENTIAL: added by the proxy')
    const words = shellWords(curl.text, { CODE: 'a-fresh-code', CLIENT_CREDENTIAL: 'name=value' })
    expect(words).toEqual([
      '-i',
      'http://127.0.0.1:4010/oauth2/token',
      '-H',
      'Accept: application/json',
      '-H',
      'User-Agent: yuque-oauth-playground/0.1.0',
      '--data-urlencode',
      'client_id=playground-web',
      '--data-urlencode',
      'name=value',
      '--data-urlencode',
      'code=a-fresh-code',
      '--data-urlencode',
      'grant_type=authorization_code',
    ])
  })

  it('writes an API call with the token header as $YUQUE_TOKEN', () => {
    const curl = curlFor(apiCall)!
    expect(curl.text).toContain(`-H "X-Auth-Token: $YUQUE_TOKEN"`)
    expect(shellWords(curl.text, { YUQUE_TOKEN: 't0ken' })).toContain('X-Auth-Token: t0ken')
  })

  it('sends query parameters with --get', () => {
    const step: TraceStep = {
      ...apiCall,
      request: {
        ...apiCall.request!,
        params: [{ name: 'state', value: '$STATE', redacted: 'value', note: 'single-use' }],
      },
    }
    expect(curlFor(step)!.text).toMatch(/^curl -i --get 'http/m)
  })

  it('quotes every other value so that the shell expands nothing in it', () => {
    const step: TraceStep = {
      ...apiCall,
      request: {
        ...apiCall.request!,
        url: "http://x/'$(touch /tmp/pwned)'`id`",
        headers: [
          { name: 'X-Note', value: `it's $HOME and "quotes" \\ too` },
          // Not a placeholder: a redacted value that is no plain $NAME is quoted literally.
          { name: 'X-Auth-Token', value: '$(id)', redacted: 'value' },
        ],
      },
    }
    const words = shellWords(curlFor(step)!.text, { HOME: '/root' })
    expect(words).toEqual([
      '-i',
      "http://x/'$(touch /tmp/pwned)'`id`",
      '-H',
      `X-Note: it's $HOME and "quotes" \\ too`,
      '-H',
      'X-Auth-Token: $(id)',
    ])
  })

  it('keeps comment lines on one line each', () => {
    const step: TraceStep = { ...apiCall, title: 'two\nlines' }
    expect(curlFor(step)!.text.split('\n')[0]).toBe(
      '# two lines: replayed against the service, without the playground.',
    )
  })

  it('has no command for a step the proxy did alone', () => {
    expect(curlFor({ kind: 'state-check', title: 't', outcome: 'passed', notes: [] })).toBeNull()
  })

  it('quotes for a POSIX shell', () => {
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`)
  })
})
