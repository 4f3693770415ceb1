import { readFileSync } from 'node:fs'
import path from 'node:path'
import type * as React from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { localizeShell } from '../src/proxy/shell/localize-shell'
import { withPageHead } from '../src/proxy/shell/page-head-contract'
import { renderPageHeads, STATIC_HEADS } from '../scripts/page-heads/render'
import { appRoutes, type ShellHead } from '../src/web/app-router'
import { setLocale } from '../src/web/i18n/i18n-store'
import type { Locale } from '../src/web/i18n/locale'
import { createQueryClient } from '../src/web/query-client'

// Server rendering needs a server snapshot, which the browser-only indicators' store does not
// give (the browser never renders on a server): the client's snapshot stands in for it.
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof React>()
  return {
    ...react,
    useSyncExternalStore: <T,>(
      subscribe: (onChange: () => void) => () => void,
      getSnapshot: () => T,
      getServerSnapshot?: () => T,
    ) => react.useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot ?? getSnapshot),
  }
})

/**
 * What React draws first at `path` (by default a page whose nav link is not current), before any
 * chunk or answer, with the page's head as main.tsx reads it from the shell.
 */
function firstRender(path = '/callback', shellHead: ShellHead | null = null): string {
  const client = createQueryClient()
  const router = createMemoryRouter(appRoutes(shellHead), { initialEntries: [path] })
  return (
    renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    )
      // What server rendering alone adds: React's image preload hint, React Router's marker.
      .replace(/<link rel="preload" as="image"[^>]*>/g, '')
      .replaceAll(' data-discover="true"', '')
  )
}

const read = (file: string) => readFileSync(path.resolve(import.meta.dirname, '..', file), 'utf8')

/** The page the server sends in a language (src/proxy/shell/web-app.ts), from the files it reads. */
function servedPage(locale: Locale): string {
  const english = read('index.html')
  return locale === 'en' ? english : localizeShell(english, read('public/shell.zh-CN.html'))
}

/** A page's #root, as one line: indentation and line breaks between tags dropped. */
function staticShell(html: string): string {
  const match = /<div id="root">([\s\S]*)<\/div>\s*<script/.exec(html)
  if (match?.[1] === undefined) throw new Error('the page has no <div id="root"> before its script')
  return match[1]
    .replace(/>\s*\n\s*/g, '>')
    .replace(/\s*\n\s*</g, '<')
    .replace(/\s*\/>/g, '/>')
    .trim()
}

// setLocale marks <html lang> as the browser's does; here a stand-in document takes it.
vi.stubGlobal('document', { documentElement: { lang: 'en' }, cookie: '' })
afterAll(async () => {
  await setLocale('en', { remember: false })
  vi.unstubAllGlobals()
})

describe('the static shell the server sends', () => {
  it.each(['en', 'zh-CN'] as const)(
    'is in %s what React draws first, so nothing moves or changes language when the app takes over (no layout shift, an early first paint)',
    async (locale) => {
      await setLocale(locale, { remember: false })
      // When this fails after a change to the layout or its messages, paste the received markup
      // into #root of index.html (en) or public/shell.zh-CN.html (zh-CN), formatted at will:
      // line breaks and indentation between tags do not count.
      expect(staticShell(servedPage(locale))).toBe(firstRender())
    },
  )

  it('is marked with its language and titled in it', () => {
    expect(servedPage('en')).toMatch(
      /<html lang="en">[\s\S]*<title>Yuque OAuth Playground<\/title>/,
    )
    expect(servedPage('zh-CN')).toMatch(
      /<html lang="zh-CN">[\s\S]*<title>语雀 OAuth 演练场<\/title>/,
    )
  })

  it.each(['en', 'zh-CN'] as const)(
    "keeps, in %s, each page's head where the shell painted it: React's first render on the page draws the same <main> (src/proxy/shell/page-head-contract.ts)",
    async (locale) => {
      const heads = await renderPageHeads()
      expect(Object.keys(heads)).toEqual(STATIC_HEADS.map((page) => page.module))
      await setLocale(locale, { remember: false })
      const main = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0]
      for (const { module, path } of STATIC_HEADS) {
        const head = heads[module]
        if (head === undefined) throw new Error(`no head for ${module}`)
        const shell = withPageHead(servedPage(locale), {
          className: head.className,
          html: head.html[locale],
        })
        const served = main(staticShell(shell)) ?? ''
        // What readShellHead (app-router.tsx) reads back: the class, and the head's content,
        // the marker that ends it included.
        const inner = /<header class="page-head" data-shell>([\s\S]*?)<\/header>/.exec(served)?.[1]
        expect(inner, path).toMatch(/^<h1>[\s\S]*<i hidden><\/i>$/)
        const shellHead = { className: head.className, html: inner ?? '' }
        // Only the shell's own head is marked as the shell's, to be hidden until the parser has
        // all of it (page-head-contract.ts); React's copy is whole from the start.
        expect(main(firstRender(path, shellHead)), path).toBe(served.replace(' data-shell>', '>'))
      }
    },
  )
})
