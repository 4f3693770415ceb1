import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { reactRouterProductionAliases, reactRouterProductionBuild } from './react-router-production'

test('points react-router and react-router/dom at the production build, exactly', () => {
  const aliases = reactRouterProductionAliases()
  const byName = (name: string) => aliases.find((alias) => alias.find.test(name))?.replacement
  expect(byName('react-router')).toMatch(/react-router[/\\]dist[/\\]production[/\\]index\.mjs$/)
  expect(byName('react-router/dom')).toMatch(
    /react-router[/\\]dist[/\\]production[/\\]dom-export\.mjs$/,
  )
  // Only those two specifiers: another package's name or a deeper path is left alone.
  for (const other of ['react-router-dom', 'react-router/internal', 'my-react-router']) {
    expect(byName(other), other).toBeUndefined()
  }
})

test('fails the build, naming the file, when the package no longer has that layout', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'rr-layout-'))
  try {
    expect(() => reactRouterProductionAliases(root)).toThrow(
      /dist[/\\]production[/\\]index\.mjs does not exist\. React Router's package layout has changed/,
    )
  } finally {
    await rm(root, { recursive: true, force: true })
  }
})

test('applies to builds only: the dev server and the tests keep the warnings', () => {
  expect(reactRouterProductionBuild().apply).toBe('build')
})
