import { expect, it } from 'vitest'
import { buildFixture } from './fixture-app'
import { lowPriorityScripts, withLowPriorityScripts } from './low-priority-scripts'

it('gives the built page’s module script a low fetch priority', async () => {
  const built = await buildFixture(() => ({ plugins: [lowPriorityScripts()] }))
  expect(built.html).toMatch(
    /<script type="module" crossorigin fetchpriority="low" src="\/assets\//,
  )
})

it('gives its module preloads a low priority too, and leaves the stylesheet as it is', () => {
  const html = [
    '<script type="module" crossorigin src="/assets/index-1.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/first-request-2.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-3.css">',
  ].join('')
  expect(withLowPriorityScripts(html)).toBe(
    [
      '<script type="module" crossorigin fetchpriority="low" src="/assets/index-1.js"></script>',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/first-request-2.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-3.css">',
    ].join(''),
  )
})
