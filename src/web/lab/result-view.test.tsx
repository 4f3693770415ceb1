// eslint-disable-next-line no-restricted-imports -- a test, never bundled: React's own renderer, not our server
import { renderToStaticMarkup } from 'react-dom/server'
import type { ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { LabRunResult, ScenarioResult } from '../../protocol/lab-api'
import { EditorResultView, ScenarioResultView } from './result-view'

const RESULT: ScenarioResult = {
  scenario: 'code-reused',
  profile: 'observed',
  passed: false,
  expected: '400 invalid_grant',
  actual: '200 (a second token)',
  rule: 'RFC 6749 §4.1.2',
  checks: [
    { id: 'state-matches', verdict: 'pass', rule: 'RFC 6749 §10.12' },
    {
      id: 'token-second-exchange',
      verdict: 'fail',
      rule: 'docs/service.md#token-response',
      values: { status: '200' },
    },
  ],
  steps: [
    {
      kind: 'exchange',
      title: 'Token exchange',
      outcome: 'passed',
      notes: [],
      request: {
        method: 'POST',
        url: 'http://127.0.0.1:4010/oauth2/token',
        paramsIn: 'form',
        params: [{ name: 'code', value: '$CODE', redacted: 'value' }],
        headers: [],
      },
      response: { status: 200, durationMs: 12, headers: [], fields: [] },
    },
  ],
  durationMs: 1234,
}

const draw = (node: ReactNode) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  )

describe('a scenario’s result', () => {
  const html = draw(<ScenarioResultView result={RESULT} />)

  it('gives the verdict, expected beside actual in the protocol’s words, marked English', () => {
    expect(html).toContain('notice notice-error')
    expect(html).toContain('Not as expected')
    expect(html).toContain('<code class="param-value" lang="en">400 invalid_grant</code>')
    expect(html).toContain('<code class="param-value" lang="en">200 (a second token)</code>')
    expect(html).toContain('1,234 ms')
    expect(html).toContain('Emulator: as the real service behaves')
  })

  it('links the rule that fired to its section at the RFC Editor', () => {
    expect(html).toContain('href="https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2"')
  })

  it('words each check it knows, shows the id of one it does not, each with its verdict and rule', () => {
    expect(html).toContain('The state that came back is the one sent')
    expect(html).toContain('<code>token-second-exchange</code>')
    expect(html).toContain('insp-outcome insp-outcome-failed">failed')
    expect(html).toContain('<code>docs/service.md#token-response</code>')
    expect(html).toContain('<code lang="en">status=200</code>')
  })

  it('shows the raw HTTP as the inspector does, the code a placeholder', () => {
    expect(html).toContain('Raw HTTP: 1 call')
    expect(html).toContain('$CODE')
    expect(html).toContain('http://127.0.0.1:4010/oauth2/token')
  })

  it('says what the app should do, and links to the scenario by its id alone', () => {
    expect(html).toContain('What your app should do')
    expect(html).toContain('never retry the exchange on a timeout')
    const links = [...html.matchAll(/href="(\/lab[^"]*)"/g)].map(([, href]) => href)
    expect(links).toEqual(['/lab?scenario=code-reused'])
  })
})

describe('the editor’s result', () => {
  const run: LabRunResult = {
    checks: [{ id: 'state-sent', verdict: 'fail', rule: 'RFC 6749 §10.12' }],
    steps: [],
    exchanged: false,
    actual: 'no exchange: the request carried no state',
  }

  it('says whether a token was obtained, what happened, and each check', () => {
    const html = draw(<EditorResultView result={run} />)
    expect(html).toContain('No token was obtained.')
    expect(html).toContain('notice-warning')
    expect(html).toContain(
      '<code class="param-value" lang="en">no exchange: the request carried no state</code>',
    )
    expect(html).toContain('The request carried a state')
    expect(html).toContain('No call was made to the service.')
  })
})
