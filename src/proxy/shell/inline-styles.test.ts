import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { inlineFirstLoadStyles, styleHash } from './inline-styles'

const CSS = ':root{--bg:#fff}body{margin:0;background:var(--bg)}'
const LINK = '<link rel="stylesheet" crossorigin href="/assets/index-h4sh.css">'

function buildRoot(css = CSS): string {
  const root = mkdtempSync(path.join(tmpdir(), 'inline-styles-'))
  mkdirSync(path.join(root, 'assets'))
  writeFileSync(path.join(root, 'assets', 'index-h4sh.css'), css)
  return root
}

describe('inlineFirstLoadStyles', () => {
  it('puts the stylesheet into the page and names its hash for the CSP', () => {
    const { html, hashes } = inlineFirstLoadStyles(`<head>${LINK}</head>`, buildRoot())
    expect(html).toContain(`<style>${CSS}</style>`)
    // CSP3 §8.3: the base64 of the SHA-256 of the element's text, exactly.
    const digest = createHash('sha256').update(CSS).digest('base64')
    expect(hashes).toEqual([`'sha256-${digest}'`])
    expect(styleHash(CSS)).toBe(`'sha256-${digest}'`)
  })

  it('leaves no link to the file, so that nothing fetches it or waits for it', () => {
    const page = `<head>${LINK}<link rel="stylesheet" href="/assets/other.css"></head>`
    const { html } = inlineFirstLoadStyles(page, buildRoot())
    expect(html).toBe(
      `<head><style>${CSS}</style><link rel="stylesheet" href="/assets/other.css"></head>`,
    )
    expect(html).not.toContain('index-h4sh.css')
  })

  it('refuses a stylesheet that would end the <style> element early', () => {
    const root = buildRoot('a::after{content:"</style><script>alert(1)</script>"}')
    expect(() => inlineFirstLoadStyles(`<head>${LINK}</head>`, root)).toThrow(/<\/style/)
  })

  it('changes nothing in a page without the first load’s stylesheet', () => {
    const page = '<head><title>shell</title></head>'
    expect(inlineFirstLoadStyles(page, buildRoot())).toEqual({ html: page, hashes: [] })
  })

  it('fails at start when the build lacks the file the page links', () => {
    const page = '<head><link rel="stylesheet" crossorigin href="/assets/gone-h4sh.css"></head>'
    expect(() => inlineFirstLoadStyles(page, buildRoot())).toThrow(
      /links \/assets\/gone-h4sh.css, which the build .* lacks: run npm run build/,
    )
  })
})
