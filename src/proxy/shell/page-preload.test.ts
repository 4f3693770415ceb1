import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ALL_PAGE_MODULES, CALLBACK_EARLY_ENTRY, PAGES } from './page-modules'
import { readPagePreload } from './page-preload'
import { buildWith } from '../../testing/test-manifest'

describe('readPagePreload', () => {
  it('links a page chunk and what it imports, not what the first load holds already', () => {
    const profile = 'src/web/profile/profile-page.tsx'
    const preload = readPagePreload(
      buildWith({
        [profile]: {
          file: 'assets/profile-page-h4sh.js',
          src: profile,
          isDynamicEntry: true,
          imports: ['_runtime-h4sh.js', 'index.html', '_shared-h4sh.js'],
          css: ['assets/profile-page-h4sh.css'],
        },
      }),
    )
    expect(preload.linksFor([profile])).toBe(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/shared-h4sh.js" />' +
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/profile-page-h4sh.js" />' +
        '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/profile-page-h4sh.css" />',
    )
  })

  it('links a chunk two pages share once', () => {
    const preload = readPagePreload(buildWith())
    const links = preload.linksFor(['src/web/lib/validate.ts', 'src/web/lib/validate.ts'])
    expect(links.match(/modulepreload/g)).toHaveLength(1)
  })

  it('runs an early entry as soon as it is here, after preloading what it imports, at the default priority', () => {
    expect(readPagePreload(buildWith()).scriptsFor([CALLBACK_EARLY_ENTRY])).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/pending-states-h4sh.js" />' +
        '<script type="module" async crossorigin src="/assets/early-exchange-h4sh.js"></script>',
    )
  })

  it('holds only index.html’s chunks as the first load’s, not another entry’s imports', () => {
    const connect = PAGES.connect
    const preload = readPagePreload(
      buildWith({
        [connect]: {
          file: 'assets/connect-page-h4sh.js',
          src: connect,
          isDynamicEntry: true,
          imports: ['index.html', '_pending-states-h4sh.js'],
        },
      }),
    )
    expect(preload.linksFor([connect])).toContain('href="/assets/pending-states-h4sh.js"')
  })

  it('links nothing for a build without a manifest', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'page-preload-'))
    expect(readPagePreload(root).linksFor(['src/web/lib/validate.ts'])).toBe('')
    expect(readPagePreload(root).scriptsFor([CALLBACK_EARLY_ENTRY])).toBe('')
  })

  it('stops the server at start when the build lacks a module the table names', () => {
    const modules = ALL_PAGE_MODULES.filter((module) => !module.includes('explorer'))
    expect(() => readPagePreload(buildWith({}, modules))).toThrow(
      /has no src\/web\/explorer\/explorer-page\.tsx/,
    )
  })

  it('refuses a manifest whose files are not the build’s hashed assets', () => {
    const validate = 'src/web/lib/validate.ts'
    const preload = readPagePreload(
      buildWith({ [validate]: { file: '../../etc/passwd"><script>', src: validate } }),
    )
    expect(() => preload.linksFor([validate])).toThrow(/odd file/)
  })
})
