/**
 * `npm run bench:long-tasks -- [--page=/me] [build dir…]`: the long tasks of cold loads of a
 * page (default /me, connected) at 4× CPU slowdown in Chromium, for one or more builds of the app
 * (default dist/; make others with `npx vite build --outDir …`), the builds' loads interleaved
 * so that the machine's noise falls on all. Prints each build's median of the sum of its long
 * tasks and of its blocking time (what each task holds beyond 50 ms, after the first paint), and
 * every load's tasks. A tool for finding what blocks the main thread, not a figure of the
 * benchmark: Lighthouse's simulation there multiplies the tasks it saw by four, this shows them.
 * Bounded: 8 loads a build (BENCH_LONG_TASK_LOADS, at most 20).
 */
import path from 'node:path'
import { launchChromium, median } from './browser'
import { connectedContext, nameDrawnAfter } from './page-clock'
import { connectThroughProxy, startBenchStack } from './stack'

const LOADS = Math.min(20, Math.max(1, Number(process.env.BENCH_LONG_TASK_LOADS ?? 8) || 8))
const CPU_SLOWDOWN = 4
/** Long tasks from the document's start (the observer's buffer), as [start, duration] in ms. */
const OBSERVE = `window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const task of list.getEntries()) window.__longTasks.push([task.startTime, task.duration])
}).observe({ type: 'longtask', buffered: true })`

const args = process.argv.slice(2)
const page = args.find((arg) => arg.startsWith('--page='))?.slice('--page='.length) ?? '/me'
if (!page.startsWith('/')) throw new Error(`--page=${page}: a path of the app, such as /me`)
const given = args.filter((arg) => !arg.startsWith('--page='))
const dirs = given.length > 0 ? given : ['dist']
const stacks = await Promise.all(dirs.map((dir) => startBenchStack(path.resolve(dir))))
const browser = await launchChromium()
try {
  const cookies = await Promise.all(stacks.map((stack) => connectThroughProxy(stack)))
  const results = dirs.map(() => ({ total: [] as number[], blocking: [] as number[] }))
  for (let load = 0; load < LOADS; load += 1) {
    for (const [index, stack] of stacks.entries()) {
      const context = await connectedContext(browser, stack, cookies[index] ?? [])
      try {
        await context.addInitScript({ content: OBSERVE })
        const tab = await context.newPage()
        const cdp = await context.newCDPSession(tab)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
        // On /me the page itself tells when the name is drawn; a locator would first run
        // Playwright's own script in the page, a long task of its own (browser.ts NAME_WATCH).
        if (page === '/me') await nameDrawnAfter(tab, () => tab.goto(page))
        else await tab.goto(page)
        // The answers' renders come after the name: a quiet second lets them land.
        await tab.waitForTimeout(1500)
        const seen = (await tab.evaluate(() => ({
          tasks: (window as { __longTasks?: [number, number][] }).__longTasks ?? [],
          paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
        }))) as { tasks: [number, number][]; paint: number }
        const total = seen.tasks.reduce((sum, [, duration]) => sum + duration, 0)
        const blocking = seen.tasks
          .filter(([start]) => start >= seen.paint)
          .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0)
        results[index]?.total.push(total)
        results[index]?.blocking.push(blocking)
        const list = seen.tasks.map(
          ([start, duration]) => `${Math.round(duration)}@${Math.round(start)}`,
        )
        console.log(
          `${dirs[index]} load ${load + 1}: first paint ${Math.round(seen.paint)} ms; tasks ${list.join(' ')}`,
        )
      } finally {
        await context.close()
      }
    }
  }
  for (const [index, dir] of dirs.entries()) {
    const result = results[index] ?? { total: [], blocking: [] }
    console.log(
      `${dir} ${page}: long tasks ${Math.round(median(result.total))} ms, blocking after the first paint ${Math.round(median(result.blocking))} ms (medians of ${result.total.length} loads at ${CPU_SLOWDOWN}× CPU)`,
    )
  }
} finally {
  await browser.close()
  for (const stack of stacks) await stack.close()
}
