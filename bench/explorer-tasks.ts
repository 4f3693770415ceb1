/**
 * The explorer's everyday tasks as a user does them, counted: list your knowledge bases, create
 * a document in one, read its table of contents, update the document, delete it. Every click
 * and every key press goes through Playwright's real input events (the keyboard types character
 * by character), and each is counted, so the README's explorer table says what a task costs a
 * person, not a script.
 *
 * `npm run bench:explorer-tasks [dist]`: against a production build (default dist/), on the
 * bench's own stack (bench/stack.ts: the emulator, the proxy beside the build, loopback only),
 * as alice with the doc and repo scopes. A value the user reads off a response and types into
 * the next form is typed here too: it costs what it costs a person.
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { launchChromium } from './browser'
import { STEP_TIMEOUT_MS, connectedContext } from './page-clock'
import { DEMO_LOGIN, connectThroughProxy, startBenchStack } from './stack'

/** What one task took: the user's actions, and whether the service said yes. */
interface TaskCount {
  task: string
  clicks: number
  keys: number
  status: number
  /**
   * Fields whose text was not what was typed (today's explorer lost key presses: the field was
   * re-rendered from the address on every key). The script then sets the text without counting,
   * so that the tasks after it can be measured.
   */
  lost: string[]
}

/** The user's hands: every action goes through here and is counted. */
class Hands {
  clicks = 0
  keys = 0
  constructor(readonly page: Page) {}
  async click(target: Locator) {
    await target.click()
    this.clicks += 1
  }
  /** Types `text` one key event per character, as a person does. */
  async type(text: string) {
    await this.page.keyboard.type(text)
    this.keys += [...text].length
  }
  /** One key or chord (`Control+A`): one press. */
  async press(key: string) {
    await this.page.keyboard.press(key)
    this.keys += 1
  }
  take(): { clicks: number; keys: number } {
    const counted = { clicks: this.clicks, keys: this.keys }
    this.clicks = 0
    this.keys = 0
    return counted
  }
}

const BOOK_ID = '20011'
const NOTE = { title: 'Task note', body: '# Task note\n\nWritten from the explorer.' }

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

function operationLink(page: Page, method: string, path: string) {
  return page
    .getByRole('navigation', { name: 'API operations' })
    .getByRole('link', { name: new RegExp(`^${method}\\s*${escapeRegExp(path)}\\s`) })
}

const response = (page: Page) => page.getByRole('region', { name: 'Response' })

/** The status the response shows, once it shows one. */
async function statusOf(page: Page): Promise<number> {
  const status = response(page).getByRole('heading', { level: 3 })
  await status.filter({ hasText: /HTTP \d+/ }).waitFor()
  const text = (await status.textContent()) ?? ''
  return Number(/HTTP (\d+)/.exec(text)?.[1] ?? NaN)
}

/**
 * Today's explorer (every field a text box, the body a JSON string, nothing carried from one call
 * to the next): a value is read off the screen and typed again.
 */
async function runTasks(page: Page, hands: Hands): Promise<TaskCount[]> {
  const counts: TaskCount[] = []
  let lost: string[] = []
  const done = async (task: string) => {
    const status = await statusOf(page)
    counts.push({ task, ...hands.take(), status, lost })
    lost = []
    return status
  }
  /** Checks what the field holds after typing; repairs it, uncounted, when keys were lost. */
  const typeInto = async (target: Locator, name: string, text: string) => {
    await hands.type(text)
    const held = await target.inputValue()
    if (held !== text) {
      lost.push(`${name} held ${JSON.stringify(held)}`)
      await target.fill(text)
    }
  }
  const field = (name: string) =>
    page.getByRole('textbox', { name: new RegExp(`^${name} \\((path|query)\\)`) })
  const fill = async (name: string, value: string) => {
    await hands.click(field(name))
    await typeInto(field(name), name, value)
  }
  const body = async (text: string) => {
    const target = page.getByRole('textbox', { name: 'JSON body' })
    await hands.click(target)
    await hands.press('Control+A')
    await typeInto(target, 'JSON body', text)
  }
  const send = async (confirm?: string) => {
    await hands.click(page.getByRole('button', { name: 'Send', exact: true }))
    if (confirm !== undefined) {
      await hands.click(page.getByRole('dialog').getByRole('button', { name: confirm }))
    }
  }
  const choose = async (method: string, path: string) => {
    await hands.click(operationLink(page, method, path))
    await page.getByRole('region', { name: `${method} ${path}`, exact: true }).waitFor()
  }

  await choose('GET', '/users/{login}/repos')
  await fill('login', DEMO_LOGIN)
  await send()
  await done('List your knowledge bases')

  await choose('POST', '/repos/{book_id}/docs')
  await fill('book_id', BOOK_ID)
  await body(JSON.stringify(NOTE))
  await send('Send')
  await done('Create a document in one')
  const created = (await response(page).textContent()) ?? ''
  const docId = /"id":\s*(\d+)/.exec(created)?.[1]
  if (docId === undefined) throw new Error('the created document’s id is not on the screen')

  await choose('GET', '/repos/{book_id}/toc')
  await fill('book_id', BOOK_ID)
  await send()
  await done('Read its table of contents')

  await choose('PUT', '/repos/{book_id}/docs/{id}')
  await fill('book_id', BOOK_ID)
  await fill('id', docId)
  await body(JSON.stringify({ title: 'Task note, revised' }))
  await send('Send')
  await done('Update the document')

  await choose('DELETE', '/repos/{book_id}/docs/{id}')
  await fill('book_id', BOOK_ID)
  await fill('id', docId)
  await send('Delete')
  await done('Delete it')
  return counts
}

function taskTable(counts: readonly TaskCount[]): string {
  const rows = counts.map(
    (count) =>
      `| ${count.task} | ${count.clicks} | ${count.keys} | ${count.clicks + count.keys} | ${count.status} | ${count.lost.join('; ') || 'none'} |`,
  )
  const total = counts.reduce((sum, count) => sum + count.clicks + count.keys, 0)
  return [
    '| task | clicks | key presses | actions | status | typed text lost |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    `| all five | ${counts.reduce((sum, count) => sum + count.clicks, 0)} | ${counts.reduce((sum, count) => sum + count.keys, 0)} | ${total} | | ${counts.filter((count) => count.lost.length > 0).length} of ${counts.length} tasks |`,
  ].join('\n')
}

async function main() {
  const appDir = process.argv[2] ?? 'dist'
  const stack = await startBenchStack(appDir)
  const browser = await launchChromium()
  try {
    const cookies = await connectThroughProxy(stack, ['doc', 'repo'])
    const context = await connectedContext(browser, stack, cookies)
    context.setDefaultTimeout(STEP_TIMEOUT_MS)
    const page = await context.newPage()
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/explore')
    const counts = await runTasks(page, new Hands(page)).catch(async (error: unknown) => {
      const path = join(tmpdir(), 'explorer-tasks-failure.png')
      await page.screenshot({ path, fullPage: true })
      console.error(`The page when it failed: ${path}`)
      throw error
    })
    console.log(taskTable(counts))
    const failed = counts.filter((count) => count.status >= 300)
    if (failed.length > 0) {
      throw new Error(`tasks the service refused: ${failed.map((c) => c.task).join(', ')}`)
    }
  } finally {
    await browser.close()
    await stack.close()
  }
}

await main()
