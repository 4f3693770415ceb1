/**
 * `npm run bench:floor-pace`: what the floor (bench/stack.ts `createFloorProxy`, a minimal
 * node:http forwarder) costs per call on this machine, by how long its service takes to answer.
 * Each service is a node:http server in a process of its own that spends a fixed CPU time on
 * each call (none, 100 µs, 200 µs: the emulator spends about 215 µs on `GET /api/v2/user`,
 * `npm run bench`) and then sends the emulator's own answer to that call, bytes and headers, taken
 * once through the real flow. Each floor runs in a process of its own; autocannon loads the
 * floors in interleaved rounds (bench/proxy-load.ts `measureLoad`), and each floor's CPU per call
 * is its process's. A tool for reading the benchmark's CPU figure, not a figure of it: the
 * benchmark measures in front of the real emulator. Bounded: about a minute.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { cpuMicros, measureLoad, type LoadTarget } from './proxy-load'
import { createFloorProxy, listen, startBenchStack, tokenFromEmulator } from './stack'

/** CPU each service spends on a call before it answers, in µs. */
const PACES_MICROS = [0, 100, 200] as const
const ANSWER_TIMEOUT_MS = 20_000

interface Answer {
  status: number
  headers: Record<string, string>
  body: string
}

type Ask = { kind: 'serve'; answer: Answer; paceMicros: number } | { kind: 'forward'; port: number }
type Told = { kind: 'listening'; port: number } | { kind: 'cpu'; usage: NodeJS.CpuUsage }

function serve(answer: Answer, paceMicros: number): http.Server {
  const body = Buffer.from(answer.body)
  return http.createServer((_req, res) => {
    // Busy, not idle: the call costs the service CPU as the emulator's does.
    const until = performance.now() + paceMicros / 1000
    while (performance.now() < until);
    res.writeHead(answer.status, { ...answer.headers, 'content-length': body.length }).end(body)
  })
}

function runChild(): void {
  const tell = (told: Told) => process.send?.(told)
  process.on('message', (ask: Ask | 'cpu') => {
    if (ask === 'cpu') return tell({ kind: 'cpu', usage: process.cpuUsage() })
    const server =
      ask.kind === 'serve'
        ? serve(ask.answer, ask.paceMicros)
        : createFloorProxy(new URL(`http://127.0.0.1:${ask.port}`), 'unused')
    void listen(server).then((url) => tell({ kind: 'listening', port: Number(new URL(url).port) }))
  })
  process.on('disconnect', () => process.exit(0))
}

function next<K extends Told['kind']>(child: ChildProcess, kind: K) {
  return new Promise<Extract<Told, { kind: K }>>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "${kind}" from a child`)),
      ANSWER_TIMEOUT_MS,
    )
    const onMessage = (told: Told) => {
      if (told.kind !== kind) return
      clearTimeout(timer)
      child.off('message', onMessage)
      resolve(told as Extract<Told, { kind: K }>)
    }
    child.on('message', onMessage)
  })
}

/** The emulator's answer to `GET /api/v2/user`, with a token from the real flow. */
async function emulatorAnswer(): Promise<Answer> {
  const appDir = await mkdtemp(path.join(os.tmpdir(), 'floor-pace-'))
  await writeFile(path.join(appDir, 'index.html'), '<!doctype html><title>floor pace</title>')
  const stack = await startBenchStack(appDir)
  try {
    const response = await fetch(`${stack.emulator.url}/api/v2/user`, {
      headers: { 'X-Auth-Token': await tokenFromEmulator(stack), 'User-Agent': 'bench/1.0' },
    })
    const headers: Record<string, string> = {}
    response.headers.forEach((value, name) => {
      if (!['content-length', 'date', 'connection', 'keep-alive'].includes(name)) {
        headers[name] = value
      }
    })
    return { status: response.status, headers, body: await response.text() }
  } finally {
    await stack.close()
    await rm(appDir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const answer = await emulatorAnswer()
  if (answer.status !== 200) throw new Error(`the emulator answered ${answer.status}`)
  const children: ChildProcess[] = []
  const start = async (ask: Ask) => {
    const child = fork(import.meta.filename, ['child'], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    children.push(child)
    const listening = next(child, 'listening')
    child.send(ask)
    return { child, port: (await listening).port }
  }
  try {
    const targets: LoadTarget[] = []
    for (const paceMicros of PACES_MICROS) {
      const service = await start({ kind: 'serve', answer, paceMicros })
      const floor = await start({ kind: 'forward', port: service.port })
      targets.push({
        name: 'floor',
        label: `${paceMicros} µs`,
        url: `http://127.0.0.1:${floor.port}/api/v2/user`,
        headers: {},
        cpuUsage: async () => {
          const told = next(floor.child, 'cpu')
          floor.child.send('cpu')
          return (await told).usage
        },
      })
    }
    const results = await measureLoad(targets)
    console.log('| service CPU per call | floor CPU per call | floor throughput |')
    console.log('| --- | --- | --- |')
    for (const result of results) {
      console.log(
        `| ${result.label} | ${cpuMicros(result).toFixed(0)} µs | ${result.requestsPerSecond.toFixed(0)} req/s |`,
      )
    }
  } finally {
    for (const child of children) child.kill()
  }
}

if (process.argv[2] === 'child') runChild()
else await main()
