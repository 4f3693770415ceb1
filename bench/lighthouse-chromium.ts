/**
 * The Chromium and the CLI of a Lighthouse run (lighthouse.ts): a Chromium we start ourselves (the
 * found Chromium, the e2e flags plus --headless=new and --no-sandbox, a throwaway profile) with a
 * DevTools port, a session's cookies put in its profile, and Lighthouse's CLI in a child process
 * against that port, so its trace processing does not share the servers' event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/browser'
import type { SessionCookie } from './stack'

const RUN_TIMEOUT_MS = 120_000

export async function startChromium(
  profileDir: string,
): Promise<{ port: number; process: ChildProcess }> {
  const { executablePath, found } = findChromium()
  const binary = executablePath ?? chromium.executablePath()
  if (!found) throw new Error(`no Chromium at ${binary}`)
  const flags = new Set([
    ...CHROMIUM_ARGS,
    '--headless=new',
    '--no-sandbox',
    '--remote-debugging-port=0',
    '--remote-debugging-address=127.0.0.1',
    `--user-data-dir=${profileDir}`,
    'about:blank',
  ])
  const child = spawn(binary, [...flags], { stdio: ['ignore', 'ignore', 'pipe'] })
  const port = await new Promise<number>((resolve, reject) => {
    let stderr = ''
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${stderr}`)), 20_000)
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr)
      if (match?.[1] !== undefined) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Chromium exited with ${code}: ${stderr}`))
    })
  })
  return { port, process: child }
}

export async function stopChromium(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
  await exited
  clearTimeout(timer)
}

export async function setSessionCookies(
  port: number,
  origin: string,
  cookies: readonly SessionCookie[],
): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const context = browser.contexts()[0]
    if (context === undefined) throw new Error('Chromium has no default context')
    await context.addCookies(
      cookies.map((cookie) => ({ ...cookie, url: origin, sameSite: 'Strict' as const })),
    )
  } finally {
    // Disconnects; the browser started above keeps running.
    await browser.close()
  }
}

export type LighthousePreset = 'mobile' | 'desktop'

export async function runLighthouseCli(
  url: string,
  port: number,
  outputPath: string,
  preset: LighthousePreset,
  categories: readonly string[],
): Promise<void> {
  const cli = createRequire(import.meta.url).resolve('lighthouse/cli/index.js')
  const child = spawn(
    process.execPath,
    [
      cli,
      url,
      `--port=${port}`,
      '--output=json',
      `--output-path=${outputPath}`,
      `--only-categories=${categories.join(',')}`,
      '--quiet',
      // Mobile (a mid-range phone on slow 4G, simulated) is Lighthouse's default.
      ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const killer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS)
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  clearTimeout(killer)
  if (code !== 0) throw new Error(`lighthouse ${url} exited with ${code}: ${stderr.slice(-2000)}`)
}
