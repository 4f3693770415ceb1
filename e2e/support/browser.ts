/**
 * Which Chromium the e2e suite drives: $CHROMIUM_PATH, else Debian's chromium (machines where
 * Playwright cannot download its own browser), else Playwright's own download.
 */
import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'

const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser']

export function findChromium(): { executablePath: string | undefined; found: boolean } {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv !== undefined && fromEnv !== '')
    return { executablePath: fromEnv, found: existsSync(fromEnv) }
  const system = SYSTEM_CHROMIUMS.find((candidate) => existsSync(candidate))
  if (system !== undefined) return { executablePath: system, found: true }
  // undefined lets Playwright use its own browser.
  return { executablePath: undefined, found: existsSync(chromium.executablePath()) }
}

/**
 * Root needs --no-sandbox; the other flags keep Chromium from calling home, which a closed
 * network answers with floods of refused connections.
 */
export const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-default-apps',
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
]
