/**
 * Full-page screenshots of the main screens for review, in English and Chinese, light and dark:
 * docs/screenshots/<screen>-<lang>-<scheme>.png. On demand only (`npm run screenshots`, which
 * sets SCREENSHOTS=1): they assert nothing a reviewer's eye does not, and writing files on every
 * run would dirty the work tree.
 */
import path from 'node:path'
import type { Page } from '@playwright/test'
import {
  connectInAnyLanguage,
  consentButton,
  openInspector,
  sendInExplorer,
  settled,
} from './support/any-language'
import { expect, test } from './support/fixtures'

const OUT_DIR = path.join(import.meta.dirname, '..', 'docs', 'screenshots')

const LANGUAGES = [
  { locale: 'en-US', lang: 'en' },
  { locale: 'zh-CN', lang: 'zh-CN' },
] as const
const SCHEMES = ['light', 'dark'] as const

for (const { locale, lang } of LANGUAGES) {
  for (const colorScheme of SCHEMES) {
    test.describe(`Screenshots in ${locale}, ${colorScheme}`, () => {
      test.skip(process.env.SCREENSHOTS !== '1', 'on demand: npm run screenshots')
      test.use({ locale, colorScheme, viewport: { width: 1280, height: 800 } })

      test('the main screens', async ({ page }) => {
        test.setTimeout(120_000)
        const shoot = async (screen: string) => {
          await page.screenshot({
            path: path.join(OUT_DIR, `${screen}-${lang}-${colorScheme}.png`),
            fullPage: true,
            animations: 'disabled',
          })
        }
        const visit = async (screen: string, address: string, ready?: (p: Page) => unknown) => {
          await page.goto(address)
          await settled(page)
          if (ready !== undefined) await ready(page)
          await shoot(screen)
        }

        await visit('connect', '/')
        // Soft: the shots are still taken (and the test fails at its end) when the page is not
        // in the language asked for.
        await expect.soft(page.locator('html')).toHaveAttribute('lang', lang)

        await connectInAnyLanguage(page, {
          login: 'wangxiaoming',
          scopes: ['repo:read', 'doc:read', 'group:read'],
          waitFor: 'consent',
        })
        await shoot('consent')
        await consentButton(page, 'approve').click()
        await page.waitForURL('**/me')
        await settled(page)
        await shoot('profile')

        await visit('users', '/users/alice', (p) =>
          expect(p.locator('main article').first()).toBeVisible(),
        )
        await visit('scopes', '/scopes')
        await sendInExplorer(page, 'user.me')
        await settled(page)
        await shoot('explorer')

        // The explorer at work: a list read one level deep, a repository's id kept for the next
        // call, the create form it fills (the Markdown body as text), and the confirmation.
        await visit('explorer-list', '/explore?op=repo.listByUser', async (p) => {
          await p.locator('form button[type="submit"]').click()
          const item = p.locator('.explorer-response summary').filter({ hasText: '[0]' })
          await item.click()
          await p.locator('.explorer-response .json-leaf-action button').first().click()
        })
        await page.locator('a[data-op="doc.createById"]').click()
        await expect(page.locator('main form textarea').first()).toBeVisible()
        await shoot('explorer-form')
        await page.locator('main form button[type="submit"]').click()
        await expect(page.getByRole('dialog')).toBeVisible()
        await shoot('explorer-confirm')
        await page.keyboard.press('Escape')

        await visit('inspector', '/me', async (p) => {
          await openInspector(p)
        })

        // The flow lab: a long page, shot a screen at a time (its editor, a result, run all).
        const shootScreen = async (screen: string) => {
          await page.screenshot({
            path: path.join(OUT_DIR, `${screen}-${lang}-${colorScheme}.png`),
            animations: 'disabled',
          })
        }
        await page.goto('/lab')
        await settled(page)
        await shootScreen('lab')
        const card = page.locator('#scenario-code-reused')
        await card.locator('button').first().click()
        await expect(card.locator('.notice-success')).toBeVisible({ timeout: 15_000 })
        await card.locator('details').first().evaluate((details) => {
          ;(details as HTMLDetailsElement).open = true
        })
        await card.evaluate((element) => element.scrollIntoView({ block: 'start' }))
        await page.evaluate(() => window.scrollBy(0, -16))
        await shootScreen('lab-result')
        const runAll = page.locator('section[aria-labelledby="lab-run-all-title"]')
        await runAll.locator('button.btn-primary').click()
        await expect(runAll.locator('tbody tr')).toHaveCount(22, { timeout: 90_000 })
        await runAll.evaluate((element) => element.scrollIntoView({ block: 'start' }))
        await page.evaluate(() => window.scrollBy(0, -16))
        await shootScreen('lab-run-all')
      })
    })
  }
}
