import { describe, expect, it } from 'vitest'
import { preferredLanguages } from '../../protocol/locale'
import { localizeShell, shellLocale } from './localize-shell'

const english = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="An OAuth playground" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <title>Yuque OAuth Playground</title>
  </head>
  <body>
    <div id="root"><div class="app-header">Connect</div><main id="main"></main></div>
  </body>
</html>`
const chinese = `<!-- shell -->
<title>语雀 OAuth 演练场</title>
<meta name="description" content="演练场" />
<div id="root"><div class="app-header">连接</div><main id="main"></main></div>`

describe('the shell in the visitor’s language', () => {
  it('puts the Chinese title, description and #root into the built page, marked zh-CN, keeping its scripts', () => {
    const page = localizeShell(english, chinese)
    expect(page).toContain('<html lang="zh-CN">')
    expect(page).toContain('<title>语雀 OAuth 演练场</title>')
    expect(page).toContain('content="演练场"')
    expect(page).toContain('<div class="app-header">连接</div>')
    expect(page).not.toContain('Connect')
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>')
    expect(page).toMatch(/<\/main><\/div>\s*<\/body>/)
  })

  it('refuses a Chinese shell that lacks a part, naming it', () => {
    expect(() => localizeShell(english, '<div id="root"></div>')).toThrow(
      'The Chinese shell has no <title>',
    )
  })

  it('follows the switcher’s cookie first, then Accept-Language, then English', () => {
    expect(shellLocale({ cookie: 'a=1; playground_lang=en', acceptLanguage: 'zh-CN' })).toBe('en')
    expect(shellLocale({ acceptLanguage: 'zh-CN,zh;q=0.9,en;q=0.8' })).toBe('zh-CN')
    expect(shellLocale({ acceptLanguage: 'fr, en;q=0.5, zh;q=0.7' })).toBe('zh-CN')
    expect(shellLocale({})).toBe('en')
  })
})

describe('Accept-Language', () => {
  it('orders tags by weight, ties in header order, and drops q=0 and *', () => {
    expect(preferredLanguages('en;q=0.5, zh-CN, fr;q=0.5, de;q=0, *')).toEqual([
      'zh-CN',
      'en',
      'fr',
    ])
    expect(preferredLanguages(undefined)).toEqual([])
  })
})
