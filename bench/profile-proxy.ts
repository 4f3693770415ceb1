/**
 * `npx tsx bench/profile-proxy.ts [seconds] [--trace]`: loads GET /api/v2/user through the
 * proxy (autocannon in a child process, as bench/proxy-load.ts) while this process, which runs
 * the emulator and the proxy, records a CPU profile; prints the functions with the most self
 * time. A tool for finding the proxy's costs, not a figure of the benchmark. Bounded: one run
 * of the given seconds (default 5, at most 30).
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { Session, type Profiler } from 'node:inspector/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/protocol/playground-api'
import { TRACE_REQUEST_HEADER, TRACE_REQUEST_VALUE } from '../src/protocol/trace-request'
import { connectThroughProxy, cookieHeader, startBenchStack } from './stack'

const seconds = Math.min(30, Math.max(1, Number(process.argv[2] ?? 5) || 5))
const withTrace = process.argv.includes('--trace')
const appDir = await mkdtemp(path.join(os.tmpdir(), 'profile-proxy-'))
await writeFile(path.join(appDir, 'index.html'), '<!doctype html><title>profile</title>')
const stack = await startBenchStack(appDir)
try {
  const cookies = cookieHeader(await connectThroughProxy(stack))
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 100 })
  await session.post('Profiler.start')
  const cpu = process.cpuUsage()
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js')
  const headers = [`Cookie=${cookies}`, `${CSRF_HEADER}=${CSRF_HEADER_VALUE}`]
  if (withTrace) headers.push(`${TRACE_REQUEST_HEADER}=${TRACE_REQUEST_VALUE}`)
  const child = spawn(
    process.execPath,
    [cli, '--json', '--no-progress', '-c', '10', '-d', String(seconds)]
      .concat(headers.flatMap((header) => ['--headers', header]))
      .concat(`${stack.appUrl}/api/v2/user`),
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const killer = setTimeout(() => child.kill('SIGKILL'), (seconds + 20) * 1000)
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  await new Promise((resolve) => child.on('close', resolve))
  clearTimeout(killer)
  const used = process.cpuUsage(cpu)
  const { profile } = (await session.post('Profiler.stop')) as { profile: Profiler.Profile }
  const total = (JSON.parse(out) as { requests: { total: number } }).requests.total
  console.log(
    `${total} requests; CPU of this process (emulator + proxy) ${(((used.user + used.system) / total) | 0).toString()} µs per request`,
  )
  // Samples under the emulator's code are its own (the direct target pays them too): left out.
  const parentOf = new Map<number, Profiler.ProfileNode>()
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parentOf.set(child, node)
  }
  const isEmulator = (node: Profiler.ProfileNode) => {
    for (let at: Profiler.ProfileNode | undefined = node; at; at = parentOf.get(at.id)) {
      if (at.callFrame.url.includes('/src/emulator/')) return true
    }
    return false
  }
  const self = new Map<string, number>()
  const counts = new Map<number, number>()
  for (const id of profile.samples ?? []) counts.set(id, (counts.get(id) ?? 0) + 1)
  const all = profile.samples?.length ?? 1
  let emulator = 0
  for (const node of profile.nodes) {
    const count = counts.get(node.id) ?? 0
    if (isEmulator(node)) {
      emulator += count
      continue
    }
    const { functionName, url, lineNumber } = node.callFrame
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${lineNumber + 1}`
    self.set(key, (self.get(key) ?? 0) + count)
  }
  console.log(`${((100 * emulator) / all).toFixed(1)}% of the samples under the emulator's code`)
  for (const [key, count] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.log(`${((100 * count) / all).toFixed(1).padStart(5)}%  ${key}`)
  }
  // `--who=name`: the call paths (innermost 8 frames) that reach a function of that name.
  const who = process.argv.find((arg) => arg.startsWith('--who='))?.slice('--who='.length)
  if (who !== undefined) {
    const parent = new Map<number, Profiler.ProfileNode>()
    for (const node of profile.nodes)
      for (const child of node.children ?? []) parent.set(child, node)
    const paths = new Map<string, number>()
    for (const node of profile.nodes) {
      if (node.callFrame.functionName !== who) continue
      const frames: string[] = []
      for (
        let at: Profiler.ProfileNode | undefined = node;
        at && frames.length < 12;
        at = parent.get(at.id)
      ) {
        frames.push(
          `${at.callFrame.functionName || '(anon)'}@${at.callFrame.url.split('/').slice(-2).join('/')}`,
        )
      }
      const key = frames.join(' < ')
      paths.set(key, (paths.get(key) ?? 0) + (node.hitCount ?? 0))
    }
    for (const [key, hits] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, 8))
      console.log(hits, key)
  }
} finally {
  await stack.close()
  await rm(appDir, { recursive: true, force: true })
}
