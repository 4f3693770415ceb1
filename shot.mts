import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './e2e/support/browser'
const { executablePath } = findChromium()
const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS })
const page = await browser.newPage({ locale: process.argv[2] ?? 'en-US', colorScheme: (process.argv[3] as 'light') ?? 'light', viewport: { width: 1280, height: 1000 } })
await page.goto('http://localhost:5601/lab?scenario=code-reused')
await page.waitForTimeout(1500)
await page.keyboard.press('Tab')
await page.keyboard.press('Enter')
await page.waitForTimeout(2000)
for (let i = 0; i < 4; i++) {
  await page.screenshot({ path: `/tmp/r${i}.png` })
  await page.mouse.wheel(0, 950)
  await page.waitForTimeout(300)
}
await browser.close()
