/**
 * The explorer's everyday tasks as a user does them, counted: list your knowledge bases, create
 * a document in one, read its table of contents, update the document, delete it. Every click
 * and every key press goes through Playwright's real input events (the keyboard types character
 * by character), and each is counted, so the README's explorer table says what a task costs a
 * person, not a script.
 *
 * `npm run bench:explorer-tasks [dist]`: against a production build (default dist/), on the
 * bench's own stack (bench/stack.ts: the emulator, the proxy beside the build, loopback only),
 * as alice with the doc and repo scopes. A value the user carries from a response to the next
 * form costs what it costs a person: here, the click on "Use as …".
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { launchChromium } from './browser'
import { STEP_TIMEOUT_MS, connectedContext } from './page-clock'
import { connectThroughProxy, startBenchStack } from './stack'

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
 * The explorer as it is: the user's login comes from the session, a repository's id and a new
 * document's id go from a response to the next forms with "Use as …" (one click each, kept for
 * every later form with that parameter), and a document's body is a form with a Markdown field.
 * Before this explorer, the same tasks cost 161 actions and lost typed text in all five
 * (bench/results/notes-explorer-tasks.md, with the script as it was then).
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
  /** Replaces a field's text as a person does (click, select all, type) and checks it held. */
  const retype = async (target: Locator, name: string, text: string) => {
    await hands.click(target)
    await hands.press('Control+A')
    if (text === '') await hands.press('Backspace')
    else await hands.type(text)
    const held = await target.inputValue()
    if (held !== text) {
      lost.push(`${name} held ${JSON.stringify(held)}`)
      await target.fill(text)
    }
  }
  const bodyField = (name: string) => page.getByRole('textbox', { name: new RegExp(`^${name}\\b`) })
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
  const useAs = (param: string) =>
    response(page).getByRole('button', { name: `Use as ${param}`, exact: true })

  await choose('GET', '/users/{login}/repos')
  await send()
  await done('List your knowledge bases')

  // The repository's row of the list, opened, and its id kept for book_id.
  await hands.click(response(page).locator('summary', { hasText: 'API Handbook' }))
  await hands.click(useAs('book_id').first())
  await choose('POST', '/repos/{book_id}/docs')
  await retype(bodyField('title'), 'title', NOTE.title)
  await retype(bodyField('body'), 'body', NOTE.body)
  await send('Send')
  // The new document's id, kept for the forms that take `id`.
  await statusOf(page)
  await hands.click(useAs('id').first())
  await done('Create a document in one')

  await choose('GET', '/repos/{book_id}/toc')
  await send()
  await done('Read its table of contents')

  await choose('PUT', '/repos/{book_id}/docs/{id}')
  await retype(bodyField('title'), 'title', 'Task note, revised')
  // The example's body would replace the document's text: emptied, it is left out.
  await retype(bodyField('body'), 'body', '')
  await send('Send')
  await done('Update the document')

  await choose('DELETE', '/repos/{book_id}/docs/{id}')
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
