import { expect, it } from 'vitest'
import { compileHints } from './compile-hints'
import { buildFixture } from './fixture-app'

it('opens the first load’s chunk with V8’s compile hint, and no other chunk', async () => {
  const built = await buildFixture(() => ({ plugins: [compileHints()] }))
  const first = built.chunkOf('main.ts')
  // V8 reads the magic comment on a file's first line only (v8.dev/blog/explicit-compile-hints),
  // there before Vite's own first line, its preload list.
  expect(first.code).toMatch(/^\/\/# allFunctionsCalledOnLoad\nconst __vite__mapDeps=/)
  const others = built.chunks.filter((chunk) => chunk !== first)
  expect(others.length).toBeGreaterThan(2)
  for (const chunk of others) expect(chunk.code, chunk.fileName).not.toContain('allFunctionsCalled')
})
