/**
 * Renders the head (`<header class="page-head">`: the h1 and the lede) of each page whose head
 * depends on nothing but the language, with the pages' own components, in each language. Loaded
 * through Vite's SSR loader by ./plugin.ts (the pages import CSS, which Node cannot), never
 * shipped. The server puts the head in the page's shell (src/proxy/shell/page-heads.ts): the largest
 * text of every page is painted with the shell, before any script (Lighthouse's Largest
 * Contentful Paint on a phone: bench/lighthouse.ts).
 */
import type { ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { ConnectPage } from '../../src/web/connect/connect-page'
import { ExplorerPage } from '../../src/web/explorer/explorer-page'
import { HelloPage } from '../../src/web/hello/hello-page'
import { LabPage } from '../../src/web/lab/lab-page'
import { ProfilePage } from '../../src/web/profile/profile-page'
import { ScopesPage } from '../../src/web/scopes/scopes-page'
import { UserLookupPage } from '../../src/web/users/user-lookup-page'
import { YourAppPage } from '../../src/web/your-app/your-app-page'
import { loadLabMessages, setLocale } from '../../src/web/i18n/i18n-store'
import { LOCALES, type Locale } from '../../src/protocol/locale'
import { PAGES } from '../../src/proxy/shell/page-modules'
import type { PageHeads } from '../../src/proxy/shell/page-head-contract'
import { createQueryClient } from '../../src/web/query-client'

/**
 * The pages whose head is the same whoever looks, connected or not: the callback's, the
 * client-code page's and the flow lab's return's (`/lab/callback`) heads tell the outcome, and
 * get none.
 */
export const STATIC_HEADS: { module: string; path: string; Page: ComponentType }[] = [
  { module: PAGES.connect, path: '/', Page: ConnectPage },
  { module: PAGES.profile, path: '/me', Page: ProfilePage },
  { module: PAGES.scopes, path: '/scopes', Page: ScopesPage },
  { module: PAGES.hello, path: '/hello', Page: HelloPage },
  { module: PAGES.users, path: '/users', Page: UserLookupPage },
  { module: PAGES.explorer, path: '/explore', Page: ExplorerPage },
  { module: PAGES.yourApp, path: '/app', Page: YourAppPage },
  { module: PAGES.lab, path: '/lab', Page: LabPage },
]

/**
 * The page's outer element and its head, as React draws them before any answer has come (React
 * puts the page's `<title>` first, to be hoisted into the document's head).
 */
const PAGE_HEAD =
  /^(?:<title>[^<]*<\/title>)?<div class="(page[\w -]*)">(<header class="page-head">[\s\S]*?<\/header>)/

function render(Page: ComponentType, path: string): { className: string; html: string } {
  const html = renderToStaticMarkup(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  const match = PAGE_HEAD.exec(html)
  if (match?.[1] === undefined || match[2] === undefined) {
    throw new Error(`The page at ${path} does not start with its head: ${html.slice(0, 200)}`)
  }
  return { className: match[1], html: match[2] }
}

export async function renderPageHeads(): Promise<PageHeads> {
  // The language store marks <html lang> as it switches (i18n-store.ts): a stand-in takes it.
  const globals = globalThis as { document?: unknown }
  globals.document ??= { documentElement: { lang: 'en' }, cookie: '' }
  const heads: PageHeads = {}
  // The lab's page is among them: its Chinese loads with it (src/web/app-router.tsx).
  await loadLabMessages()
  for (const locale of LOCALES) {
    await setLocale(locale, { remember: false })
    for (const { module, path, Page } of STATIC_HEADS) {
      const { className, html } = render(Page, path)
      const head = (heads[module] ??= { className, html: {} as Record<Locale, string> })
      if (head.className !== className)
        throw new Error(`${path} changes its class with the language`)
      head.html[locale] = html
    }
  }
  await setLocale('en', { remember: false })
  return heads
}
