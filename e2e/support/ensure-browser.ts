/**
 * Runs before the e2e suite: installs a Chromium when none is found — Debian's package when
 * running as root on Debian (Playwright's download is not reachable everywhere), else
 * Playwright's own.
 */
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { findChromium } from './browser'

if (findChromium().found) process.exit(0)

const isRoot = process.getuid?.() === 0
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('No Chromium found: installing Debian chromium with apt-get…')
  execSync('apt-get update -qq && apt-get install -y -qq chromium', { stdio: 'inherit' })
} else {
  console.log('No Chromium found: installing Playwright chromium…')
  execSync('npx playwright install chromium', { stdio: 'inherit' })
}
if (!findChromium().found) {
  console.error('Still no Chromium. Install one and set CHROMIUM_PATH to its executable.')
  process.exit(1)
}
