// eslint-disable-next-line no-restricted-imports -- a test, never bundled: React's own renderer, not our server
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { SnippetTabs } from './snippet-tabs'

const BASE = 'https://www.yuque.com/api/v2'

/** The tabs' names, in order, as the page renders them. */
const tabNames = (html: string) =>
  [...html.matchAll(/role="tab"[^>]*>([^<]*)<\/button>/g)].map(([, name]) => name)

describe('SnippetTabs', () => {
  it('puts the official SDK’s tab beside fetch where the SDK has the call', () => {
    const html = renderToStaticMarkup(
      <SnippetTabs request={{ method: 'GET', baseUrl: BASE, servicePath: '/user' }} />,
    )
    expect(tabNames(html)).toEqual([
      'curl',
      'JavaScript',
      'JavaScript (@yuque/sdk)',
      'Python',
      'Go',
    ])
    expect(html).toContain('client.users.get()')
  })

  it('has no SDK tab where the SDK has no such call', () => {
    const html = renderToStaticMarkup(
      <SnippetTabs request={{ method: 'GET', baseUrl: BASE, servicePath: '/hello' }} />,
    )
    expect(tabNames(html)).toEqual(['curl', 'JavaScript', 'Python', 'Go'])
    expect(html).not.toContain('@yuque/sdk')
  })

  it('shows code given whole, one tab each, the first one chosen', () => {
    const html = renderToStaticMarkup(
      <SnippetTabs
        snippets={[
          { tab: 'javascript', code: 'console.log(1)' },
          { tab: 'python', code: 'print(1)' },
        ]}
      />,
    )
    expect(tabNames(html)).toEqual(['JavaScript', 'Python'])
    expect(html).toMatch(/aria-selected="true"[^>]*>JavaScript</)
    expect(html).toContain('print(1)')
  })
})
