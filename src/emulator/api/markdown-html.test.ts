/**
 * `body_html` rendered from Markdown (markdown-html.ts): the blocks and inlines a document
 * commonly holds, HTML in the source shown as text, unsafe URLs dropped, linear work on hostile
 * bodies; and through the API, a document's and a version's `body_html`.
 */
import { describe, expect, it } from 'vitest'
import { setupApi } from '../../testing/api-setup'
import { markdownToHtml } from './markdown-html'

describe('markdownToHtml', () => {
  it('renders headings, paragraphs, code, lists, quotes and rules', () => {
    expect(
      markdownToHtml('# Getting started\n\nCreate a token, then call `GET /api/v2/user`.'),
    ).toBe(
      '<h1>Getting started</h1><p>Create a token, then call <code>GET /api/v2/user</code>.</p>',
    )
    expect(markdownToHtml('### Three ###\n###### Six\n#hashtag\nC# ##')).toBe(
      '<h3>Three</h3><h6>Six</h6><p>#hashtag\nC# ##</p>',
    )
    expect(markdownToHtml('```ts\nconst a = 1 < 2\n\n```\nafter')).toBe(
      '<pre><code class="language-ts">const a = 1 &lt; 2\n</code></pre><p>after</p>',
    )
    expect(markdownToHtml('- one\n- two\n  - nested\n- three')).toBe(
      '<ul><li>one</li><li>two<ul><li>nested</li></ul></li><li>three</li></ul>',
    )
    expect(markdownToHtml('3. c\n4. d')).toBe('<ol start="3"><li>c</li><li>d</li></ol>')
    expect(markdownToHtml('> quoted\n> **twice**\n\n---')).toBe(
      '<blockquote><p>quoted\n<strong>twice</strong></p></blockquote><hr>',
    )
  })

  it('renders links, images, strong, emphasis and strikethrough, never inside a URL or code', () => {
    expect(
      markdownToHtml(
        'See [the *RFC*](https://www.rfc-editor.org/rfc/rfc6749?a=1&b=2), ![logo](/a_b_c.png).',
      ),
    ).toBe(
      '<p>See <a href="https://www.rfc-editor.org/rfc/rfc6749?a=1&amp;b=2">the <em>RFC</em></a>, <img src="/a_b_c.png" alt="logo">.</p>',
    )
    expect(markdownToHtml('**bold** *em* _em_ ~~gone~~ snake_case_name `a_b_*c*`')).toBe(
      '<p><strong>bold</strong> <em>em</em> <em>em</em> <del>gone</del> snake_case_name <code>a_b_*c*</code></p>',
    )
    expect(markdownToHtml('中文**加粗**与 [链接](guide)')).toBe(
      '<p>中文<strong>加粗</strong>与 <a href="guide">链接</a></p>',
    )
  })

  it('shows HTML in the source as text, and keeps no unsafe URL', () => {
    const html = markdownToHtml(
      [
        '<script>alert(1)</script>',
        '# <img src=x onerror=alert(1)>',
        '[click](javascript:alert(1)) [x](JavaScript:alert) ![i](data:image/svg+xml,x)',
        '[q](/a"onmouseover="alert(1)) `</code><script>`',
        '- <b onclick="x">item</b>',
        '\uE0000\uE000 held',
      ].join('\n\n'),
    )
    expect(html).not.toMatch(/<script|<img src="?x|<b |javascript:alert\)"|href="javascript/i)
    expect(html).not.toContain('\uE000')
    expect(html).toContain('\uFFFD0\uFFFD held')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('<h1>&lt;img src=x onerror=alert(1)&gt;</h1>')
    expect(html).toContain('[click](javascript:alert(1))')
    expect(html).toContain('<code>&lt;/code&gt;&lt;script&gt;</code>')
    expect(html).not.toContain('href="/a"')
  })

  // A pattern that rescans the line from each delimiter takes seconds here (a link pattern that
  // let "[" repeat inside the label: 6.3 s on "[" × 65 536); the bound leaves room for a busy CI.
  it('does linear work on hostile bodies of the largest size the API takes (64 KB), each under a second', () => {
    const size = 64 * 1024
    const hostile = [
      '['.repeat(size),
      '**a'.repeat(size / 3),
      `# ${' '.repeat(size)}x`,
      '- - '.repeat(size / 4),
      '>'.repeat(size),
      Array.from({ length: size / 4 }, (_, i) => `${' '.repeat(i % 40)}- x`).join('\n'),
      '`'.repeat(size),
      '_a'.repeat(size / 2),
      `[a](${'('.repeat(size)}`,
    ]
    for (const body of hostile) {
      const started = performance.now()
      markdownToHtml(body)
      expect(performance.now() - started, body.slice(0, 20)).toBeLessThan(1000)
    }
  })
})

describe('body_html through the API', () => {
  it('is the rendered Markdown of a document and of its versions, from the seed and from a write', async () => {
    const api = setupApi()
    const seeded = await api.call('alice', 'GET', '/repos/docs/40001')
    expect(seeded.body).toMatchObject({
      data: {
        body_html:
          '<h1>Getting started</h1><p>Create a token, then call <code>GET /api/v2/user</code>.</p>',
      },
    })
    const written = await api.call('alice', 'POST', '/repos/alice/api-handbook/docs', {
      slug: 'md',
      body: '## Steps\n\n1. Sign in\n2. <script>x</script>',
    })
    const html = '<h2>Steps</h2><ol><li>Sign in</li><li>&lt;script&gt;x&lt;/script&gt;</li></ol>'
    expect(written.body).toMatchObject({ data: { body_html: html } })
    const { id } = (written.body as { data: { id: number } }).data
    const versions = await api.call('alice', 'GET', `/doc_versions?doc_id=${id}`)
    const [latest] = (versions.body as { data: { id: number }[] }).data
    const version = await api.call('alice', 'GET', `/doc_versions/${latest?.id ?? 0}`)
    expect(version.body).toMatchObject({ data: { body_html: html } })
  })

  it('keeps an HTML document’s body as it is', async () => {
    const api = setupApi()
    const answer = await api.call('alice', 'GET', '/repos/docs/40012')
    expect(answer.body).toMatchObject({
      data: { body_html: '<p>善用 <code>satisfies</code> 与字面量类型。</p>' },
    })
  })
})
