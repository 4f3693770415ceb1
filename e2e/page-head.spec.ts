import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { connectAs, expect, test } from './support/fixtures'

/**
 * Each page's head (h1 and lede) comes in the shell the server sends (src/proxy/shell/page-head-contract.ts)
 * and is painted before any script runs; the app then takes over without moving or changing it:
 * the router's first render draws the same head (app-router.tsx), and so does the page.
 */

/**
 * Samples the head's text and box before every frame, from the document's start (bounded): what
 * is drawn, so a head kept hidden until the parser has all of it counts as not there yet.
 */
async function watchHead(page: Page) {
  await page.addInitScript(() => {
    const frames: (string | null)[] = []
    Object.assign(window, { headFrames: frames })
    const sample = () => {
      const head = document.querySelector('main .page-head')
      const box = head?.getBoundingClientRect()
      frames.push(
        head && box && head.checkVisibility({ visibilityProperty: true })
          ? `${head.textContent} @ ${box.left},${box.top} ${box.width}x${box.height}`
          : null,
      )
      if (frames.length < 2000) requestAnimationFrame(sample)
    }
    requestAnimationFrame(sample)
  })
}

/** From the first frame that had the head, every frame had it, the same and in the same place. */
async function expectHeadHeld(page: Page, heading: string) {
  const frames = await page.evaluate(
    () => (window as unknown as { headFrames: (string | null)[] }).headFrames,
  )
  const first = frames.findIndex((frame) => frame !== null)
  expect(first, 'the head was never drawn').toBeGreaterThanOrEqual(0)
  const held = frames.slice(first)
  expect(held[0]).toContain(heading)
  expect(new Set(held), 'the head went away, changed or moved while the app took over').toEqual(
    new Set([held[0]]),
  )
}

test.describe("The page's head, painted with the shell", () => {
  test('the explorer: the served page has the head, and it stays put while the app and the page load', async ({
    page,
  }) => {
    await watchHead(page)
    const response = await page.goto('/explore')
    expect(await response?.text()).toContain(
      '<header class="page-head" data-shell><h1>API explorer</h1>',
    )
    await expect(page.getByRole('navigation', { name: 'API operations' })).toBeVisible()
    await expectHeadHeld(page, 'API explorer')
  })

  test('the profile, connected: the head stays put while the account and its panels load', async ({
    page,
  }) => {
    await connectAs(page, { login: 'alice', scopes: ['repo:read'] })
    await watchHead(page)
    await page.goto('/me')
    await expect(
      page.getByRole('region', { name: 'Your repositories' }).getByRole('listitem'),
    ).toHaveCount(3)
    await expectHeadHeld(page, 'Your profile')
  })

  test.describe('on a phone', () => {
    // Lighthouse's phone: the status bar wraps, and its "checking…" chips give way to values.
    test.use({ viewport: { width: 412, height: 823 } })

    test('the explorer: nothing above the head changes its height as the app takes over', async ({
      page,
    }) => {
      await watchHead(page)
      await page.goto('/explore')
      await expect(page.getByRole('navigation', { name: 'API operations' })).toBeVisible()
      await expect(page.getByRole('region', { name: 'Token status' })).toContainText('emulator')
      await expectHeadHeld(page, 'API explorer')
    })
  })

  test.describe('in Chinese', () => {
    test.use({ locale: 'zh-CN' })

    test('the connect page: the Chinese head is in the served page and stays put', async ({
      page,
    }) => {
      await watchHead(page)
      const response = await page.goto('/')
      expect(await response?.text()).toContain(
        '<header class="page-head" data-shell><h1>连接账号</h1>',
      )
      await expect(page.getByRole('button', { name: '连接', exact: true })).toBeVisible()
      await expectHeadHeld(page, '连接账号')
    })
  })

  for (const [path, heading] of [
    ['/scopes', 'Scopes'],
    ['/hello', 'Hello'],
    ['/users', 'Look up a user'],
  ] as const) {
    test(`${path}: the head stays put while the app and the page load`, async ({ page }) => {
      await watchHead(page)
      await page.goto(path)
      // The page's own render: the loading line under the head has given way.
      await expect(page.locator('main .app-loading')).toHaveCount(0)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expectHeadHeld(page, heading)
    })
  }

  test('a shell cut off inside its head draws none of it, keeping its place', async ({ page }) => {
    // What a frame painted while the parser yielded after the h1 would show: the shell up to
    // the end of the h1 and no further, and no script run, so that nothing takes over.
    await page.route('**/*.js', (route) => route.abort())
    await page.route('**/scopes', async (route) => {
      const html = await (await route.fetch()).text()
      const end = html.indexOf('</h1>') + '</h1>'.length
      expect(end, 'the shell has the head').toBeGreaterThan('</h1>'.length)
      await route.fulfill({ contentType: 'text/html', body: html.slice(0, end) })
    })
    await page.goto('/scopes')
    const head = page.locator('main header.page-head')
    await expect(head).toHaveCount(1)
    await expect(head).toBeHidden()
    expect((await head.boundingBox())?.height ?? 0, 'its box is kept').toBeGreaterThan(0)
    // The whole shell draws it.
    await page.unrouteAll()
    await page.goto('/scopes')
    await expect(page.getByRole('heading', { level: 1, name: 'Scopes' })).toBeVisible()
  })

  test('a page whose head tells an outcome (the callback) gets none from the server', async ({
    page,
  }) => {
    const response = await page.goto('/callback')
    expect(await response?.text()).not.toContain('class="page-head"')
  })
})

/** What a frame shows of the shell's own stylesheet (watchShellStyles). */
interface ShellStyles {
  /** Style sheets of the document, enabled, that hold exactly the shell's rules. */
  sheets: number
  /** Two of its rules at work: the skip link set aside, the body without the UA's margin. */
  skipLink: string
  bodyMargin: string
}

/**
 * From the start of every document: `shellStyles()` counts the enabled style sheets that carry
 * the rules of `css` (the build's first-load stylesheet, parsed here the same way), and
 * `firstShellFrame` is what the first frame that had the shell's markup showed of them.
 */
async function watchShellStyles(page: Page, css: string) {
  await page.addInitScript((shellCss) => {
    const parsed = new CSSStyleSheet()
    parsed.replaceSync(shellCss)
    const textOf = (sheet: CSSStyleSheet) => {
      try {
        return [...sheet.cssRules].map((rule) => rule.cssText).join('\n')
      } catch {
        return null // Another origin's sheet: not ours.
      }
    }
    const rules = textOf(parsed)
    const shellStyles = () => {
      const skipLink = document.querySelector('.skip-link')
      return {
        sheets: [...document.styleSheets].filter(
          (sheet) => !sheet.disabled && textOf(sheet) === rules,
        ).length,
        skipLink: skipLink === null ? 'none' : getComputedStyle(skipLink).position,
        bodyMargin: getComputedStyle(document.body).marginTop,
      }
    }
    Object.assign(window, { shellStyles })
    let frames = 0
    const sample = () => {
      if (document.querySelector('.skip-link') !== null) {
        Object.assign(window, { firstShellFrame: shellStyles() })
      } else if (++frames < 600) requestAnimationFrame(sample)
    }
    requestAnimationFrame(sample)
  }, css)
}

const firstShellFrame = (page: Page) =>
  page.evaluate(() => (window as unknown as { firstShellFrame?: ShellStyles }).firstShellFrame)
const shellStylesNow = (page: Page) =>
  page.evaluate(() => (window as unknown as { shellStyles: () => ShellStyles }).shellStyles())

test.describe("The shell's own stylesheet, in the page", () => {
  test('styles the first paint, applies once through a login and its landing page, and is never fetched', async ({
    page,
  }) => {
    // The build links its first load's stylesheet; the server puts its rules in the page instead
    // (src/proxy/shell/inline-styles.ts), and the build leaves it out of what the lazy chunks
    // preload (scripts/build/first-load-styles.ts). On a callback, main.tsx imports the landing
    // page's chunks, whose preload lists named it before.
    const dist = path.join(process.cwd(), 'dist')
    const built = readFileSync(path.join(dist, 'index.html'), 'utf8')
    const file = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(
      built,
    )?.[1]
    expect(file, 'the build links its first load’s stylesheet').toBeDefined()
    await watchShellStyles(page, readFileSync(path.join(dist, file ?? ''), 'utf8'))
    const stylesheets: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname)
    })
    const styled: ShellStyles = { sheets: 1, skipLink: 'absolute', bodyMargin: '0px' }

    const response = await page.goto('/')
    const html = (await response?.text()) ?? ''
    expect(html).toMatch(/<style>[^<]*\.page-head/)
    expect(html, 'the page names the file nowhere').not.toContain(file)
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible()
    expect(await firstShellFrame(page), 'the first frame of /').toEqual(styled)
    expect(await shellStylesNow(page), '/, drawn').toEqual(styled)

    await connectAs(page, { login: 'alice', scopes: ['repo:read'] })
    // The landing page has drawn the profile: its chunks, imported on the callback, are here.
    await expect(page.getByRole('article', { name: 'Alice Chen' })).toBeVisible()
    expect(await firstShellFrame(page), 'the first frame back from the login').toEqual(styled)
    expect(await shellStylesNow(page), 'the landing page, drawn').toEqual(styled)
    expect(stylesheets.length, 'the pages’ own stylesheets do load').toBeGreaterThan(0)
    expect(stylesheets).not.toContain(file)
  })
})
