import { readFileSync } from 'node:fs'
import path from 'node:path'
import type * as React from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { appRoutes } from '../src/web/app-router'
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

/** What React draws first on a page whose nav link is not current, before any chunk or answer. */
function firstRender(): string {
  const client = createQueryClient()
  const router = createMemoryRouter(appRoutes(client), { initialEntries: ['/callback'] })
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

/** index.html's #root, as one line: indentation and line breaks between tags dropped. */
function staticShell(): string {
  const html = readFileSync(path.resolve(import.meta.dirname, '../index.html'), 'utf8')
  const match = /<div id="root">([\s\S]*)<\/div>\s*<script/.exec(html)
  if (match?.[1] === undefined)
    throw new Error('index.html has no <div id="root"> before its script')
  return match[1]
    .replace(/>\s*\n\s*/g, '>')
    .replace(/\s*\n\s*</g, '<')
    .replace(/\s*\/>/g, '/>')
    .trim()
}

describe('the static shell in index.html', () => {
  it('is what React draws first, so nothing moves when the app takes over (no layout shift, an early first paint)', () => {
    // When this fails after a change to the layout, paste the received markup into index.html's
    // #root (formatted at will: line breaks and indentation between tags do not count).
    expect(staticShell()).toBe(firstRender())
  })
})
