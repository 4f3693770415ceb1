// eslint-disable-next-line no-restricted-imports -- a test, never bundled: React's own renderer, not our server
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { JsonView } from './json-view'
import { pathText } from './response-tree'

const body = {
  data: [
    { id: 20011, name: 'API Handbook', user: { login: 'alice' } },
    { id: 20012, title: 'Notes' },
  ],
}

/** The tree as HTML, the way the server would render it: no browser needed. */
const render = (leafAction?: Parameters<typeof JsonView>[0]['leafAction']) =>
  renderToStaticMarkup(<JsonView value={body} label="Response body" leafAction={leafAction} />)

describe('JsonView', () => {
  it('renders the leafAction beside every leaf, given its path and value', () => {
    const html = render((path, value) => (
      <button type="button" data-path={pathText(path)}>
        use {String(value)}
      </button>
    ))
    const paths = [...html.matchAll(/data-path="([^"]*)"/g)].map((match) => match[1])
    expect(paths).toEqual([
      'data[0].id',
      'data[0].name',
      'data[0].user.login',
      'data[1].id',
      'data[1].title',
    ])
    expect(html).toContain('use API Handbook')
  })

  it('renders no action without a leafAction', () => {
    expect(render()).not.toContain('json-leaf-action')
  })

  it('opens the root and data, and names each closed item in its summary', () => {
    const html = render()
    const details = [...html.matchAll(/<details( open="")?>\s*<summary[^>]*>(.*?)<\/summary>/g)]
    const summaries = details.map(([, open, summary]) => [
      open !== undefined,
      (summary ?? '').replace(/<[^>]+>/g, '').replaceAll('&quot;', '"'),
    ])
    expect(summaries).toEqual([
      [true, '{…} 1 key'],
      [true, '"data": […] 2 items'],
      [false, '[0] {…} API Handbook 3 keys'],
      [false, '"user": {…} alice 1 key'],
      [false, '[1] {…} Notes 2 keys'],
    ])
  })
})
