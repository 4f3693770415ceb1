import { beforeAll, describe, expect, it } from 'vitest'
import { buildFixture, type FixtureBuild } from './fixture-app'
import { firstLoadStylesNotPreloaded, withoutPreloadDeps } from './first-load-styles'

/** What each dynamic import of `code` preloads, by file: Vite's list read through its indices. */
function preloads(code: string): string[][] {
  const list = /m\.f=(\[[^\]]*\])/.exec(code)?.[1]
  const files = list === undefined ? [] : (JSON.parse(list) as string[])
  return [...code.matchAll(/__vite__mapDeps\(\[([\d,]*)\]\)/g)].map(([, indices = '']) =>
    indices
      .split(',')
      .filter((index) => index !== '')
      .map((index) => files[Number(index)] ?? `missing ${index}`),
  )
}

let plain: FixtureBuild
let built: FixtureBuild
let firstLoadCss = ''

beforeAll(async () => {
  plain = await buildFixture()
  built = await buildFixture(() => ({ plugins: [firstLoadStylesNotPreloaded()] }))
  firstLoadCss = /<link rel="stylesheet" crossorigin href="\/([^"]+)">/.exec(plain.html)?.[1] ?? ''
})

describe('firstLoadStylesNotPreloaded', () => {
  it('is needed: Vite lists the first load’s stylesheet among a lazy page’s dependencies', () => {
    expect(firstLoadCss).toMatch(/^assets\/index-[\w-]+\.css$/)
    expect(preloads(plain.chunkOf('page.ts').code)).toContainEqual(
      expect.arrayContaining([firstLoadCss]),
    )
  })

  it('takes it out of every list, and leaves each list the rest, in its order', () => {
    expect(built.chunks.map((chunk) => chunk.fileName)).toEqual(
      plain.chunks.map((chunk) => chunk.fileName),
    )
    for (const chunk of built.chunks) {
      const before = plain.chunks.find((other) => other.fileName === chunk.fileName)?.code ?? ''
      const expected = preloads(before).map((list) => list.filter((file) => file !== firstLoadCss))
      expect(preloads(chunk.code), chunk.fileName).toEqual(expected)
    }
    // The page's own later import still preloads the later page's script and stylesheet.
    const [later] = preloads(built.chunkOf('page.ts').code)
    expect(later).toEqual(expect.arrayContaining([built.chunkOf('later.ts').fileName]))
    expect(later?.some((file) => /^assets\/later-[\w-]+\.css$/.test(file))).toBe(true)
  })

  it('leaves index.html linking it, so that the build works served by anything', () => {
    expect(built.html).toContain(`<link rel="stylesheet" crossorigin href="/${firstLoadCss}">`)
  })
})

describe('withoutPreloadDeps', () => {
  const code = [
    'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["a.js","first.css","b.js","b.css"])))=>i.map(i=>d[i]);',
    'x(()=>import("./a.js"),__vite__mapDeps([0,1]));y(()=>import("./b.js"),__vite__mapDeps([2,1,3]))',
  ].join('\n')

  it('drops the files from the list and moves the later indices down by as many', () => {
    expect(withoutPreloadDeps(code, new Set(['first.css']))).toBe(
      [
        'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["a.js","b.js","b.css"])))=>i.map(i=>d[i]);',
        'x(()=>import("./a.js"),__vite__mapDeps([0]));y(()=>import("./b.js"),__vite__mapDeps([1,2]))',
      ].join('\n'),
    )
  })

  it('changes nothing in a chunk that preloads none of them, or nothing at all', () => {
    expect(withoutPreloadDeps(code, new Set(['other.css']))).toBe(code)
    expect(withoutPreloadDeps('export const a=1', new Set(['first.css']))).toBe('export const a=1')
  })

  it('stops the build at an index its list does not have', () => {
    expect(() =>
      withoutPreloadDeps(`${code};__vite__mapDeps([4])`, new Set(['first.css'])),
    ).toThrow(/dependency 4 of a list of 4/)
  })
})
