/**
 * `npm run bench:floor-pace`: what the floor (bench/stack.ts `createFloorProxy`, a minimal
 * node:http forwarder) and our proxy cost per call on this machine, by how long their service
 * takes to answer.
 * Each service is a node:http server in a process of its own that spends a fixed CPU time on
 * each call (none, 100 µs, 200 µs: the emulator spends 120–130 µs on `GET /api/v2/user` under
 * `npm run bench`'s load) and then sends the emulator's own answer to that call, bytes and
 * headers, taken once through the real flow. Our proxy is composed as `npm start` composes it,
 * configured for that server as its service (YUQUE_BASE_URL), with a session made through the
 * real flow against the emulator (sessions are sealed cookies:
 * docs/decisions/0003-sealed-cookies.md). Each forwarder runs in a process of its own; autocannon
 * loads them in interleaved rounds (bench/proxy-load.ts `measureLoad`), and each one's CPU per
 * call is its process's. A tool for reading the benchmark's CPU figure, not a figure of it: the
 * benchmark measures in front of the real emulator. Bounded: about two minutes.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/protocol/playground-api'
import { cpuMicros, measureLoad, type LoadTarget } from './proxy-load'
import {
  connectThroughProxy,
  cookieHeader,
  createFloorProxy,
  listen,
  listenComposed,
  startBenchStack,
  tokenFromEmulator,
} from './stack'

/** CPU each service spends on a call before it answers, in µs. */
const PACES_MICROS = [0, 100, 200] as const
const ANSWER_TIMEOUT_MS = 20_000

interface Answer {
  status: number
  headers: Record<string, string>
  body: string
}

type Ask =
  | { kind: 'serve'; answer: Answer; paceMicros: number }
  | { kind: 'forward'; port: number }
  | { kind: 'proxy'; port: number; configEnv: Record<string, string>; appDir: string }
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

/** Our server, as bench/forwarders-child.ts composes it, with the service at `port`. */
async function startProxy(ask: Extract<Ask, { kind: 'proxy' }>): Promise<number> {
  const service = `http://127.0.0.1:${ask.port}`
  const proxy = await listenComposed(
    { ...ask.configEnv, YUQUE_AUTH_URL: service, YUQUE_BASE_URL: `${service}/api/v2` },
    ask.appDir,
  )
  return Number(new URL(proxy.url).port)
}

function runChild(): void {
  const tell = (told: Told) => process.send?.(told)
  process.on('message', (ask: Ask | 'cpu') => {
    if (ask === 'cpu') return tell({ kind: 'cpu', usage: process.cpuUsage() })
    if (ask.kind === 'proxy')
      return void startProxy(ask).then((port) => tell({ kind: 'listening', port }))
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

/**
 * From the emulator, through the real flow: its answer to `GET /api/v2/user`, a session of our
 * proxy and the configuration that made it (the emulator's app's credentials among it).
 */
async function fromEmulator(appDir: string) {
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
    const answer: Answer = { status: response.status, headers, body: await response.text() }
    if (answer.status !== 200) throw new Error(`the emulator answered ${answer.status}`)
    const configEnv = {
      ...stack.configEnv,
      YUQUE_CLIENT_ID: stack.config.clientId,
      YUQUE_CLIENT_SECRET: stack.config.clientSecret,
    }
    return { answer, configEnv, cookie: cookieHeader(await connectThroughProxy(stack)) }
  } finally {
    await stack.close()
  }
}

async function main(): Promise<void> {
  const appDir = await mkdtemp(path.join(os.tmpdir(), 'floor-pace-'))
  await writeFile(path.join(appDir, 'index.html'), '<!doctype html><title>floor pace</title>')
  const { answer, configEnv, cookie } = await fromEmulator(appDir)
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
    const target = (
      name: 'floor' | 'proxy',
      paceMicros: number,
      forwarder: { child: ChildProcess; port: number },
      headers: Record<string, string>,
    ): LoadTarget => ({
      name,
      label: `${paceMicros} µs`,
      url: `http://127.0.0.1:${forwarder.port}/api/v2/user`,
      headers,
      cpuUsage: async () => {
        const told = next(forwarder.child, 'cpu')
        forwarder.child.send('cpu')
        return (await told).usage
      },
    })
    for (const paceMicros of PACES_MICROS) {
      const service = await start({ kind: 'serve', answer, paceMicros })
      const floor = await start({ kind: 'forward', port: service.port })
      const proxy = await start({ kind: 'proxy', port: service.port, configEnv, appDir })
      targets.push(target('floor', paceMicros, floor, {}))
      targets.push(
        target('proxy', paceMicros, proxy, { Cookie: cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE }),
      )
    }
    const results = await measureLoad(targets)
    if (results.some((result) => result.non2xx + result.errors > 0)) {
      throw new Error('a forwarder answered with an error: the figures would not be of forwarding')
    }
    console.log(
      '| service CPU per call | floor CPU per call | our proxy CPU per call | throughput, floor / ours |',
    )
    console.log('| --- | --- | --- | --- |')
    for (let index = 0; index < results.length; index += 2) {
      const [floor, ours] = [results[index], results[index + 1]]
      if (floor === undefined || ours === undefined) break
      console.log(
        `| ${floor.label} | ${cpuMicros(floor).toFixed(0)} µs | ${cpuMicros(ours).toFixed(0)} µs | ${floor.requestsPerSecond.toFixed(0)} / ${ours.requestsPerSecond.toFixed(0)} req/s |`,
      )
    }
  } finally {
    for (const child of children) child.kill()
    await rm(appDir, { recursive: true, force: true })
  }
}

if (process.argv[2] === 'child') runChild()
else await main()
