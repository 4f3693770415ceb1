/**
 * The load test's forwarders in a process of their own (bench/forwarders.ts starts it): our
 * server as `npm start` composes it (bench/stack.ts `composeServer`) and the floor, both on
 * loopback. Alone here, their CPU time is this process's, with none of the emulator's in it.
 * It does what its parent asks over IPC and ends when the parent goes.
 */
import http from 'node:http'
import { loadConfig } from '../src/proxy/config'
import type { ChildAnswer, ParentAsk } from './forwarders'
import { closeServer, composeServer, createFloorProxy, listen } from './stack'

const send = (answer: ChildAnswer) => process.send?.(answer)
const closers: (() => Promise<void> | void)[] = []

process.on('message', (ask: ParentAsk) => {
  void (async () => {
    if (ask.kind === 'cpu') return send({ kind: 'cpu', usage: process.cpuUsage() })
    // The port first: the configuration names it (the proxy answers its listening address as
    // well as APP_ORIGIN's, src/proxy/guards.ts allowedHosts).
    let listener: http.RequestListener = (_req, res) => res.writeHead(503).end()
    const server = http.createServer((req, res) => listener(req, res))
    const proxyUrl = await listen(server)
    closers.push(() => closeServer(server))
    const config = loadConfig({ ...ask.configEnv, HOST: '127.0.0.1', PORT: new URL(proxyUrl).port })
    const composed = composeServer(config, ask.appDir)
    closers.push(composed.close)
    listener = composed.listener
    const floor = createFloorProxy(config.authUrl, ask.floorToken)
    const floorUrl = await listen(floor)
    closers.push(() => closeServer(floor))
    send({ kind: 'started', proxyUrl, floorUrl })
  })().catch((error: unknown) => {
    send({ kind: 'failed', message: error instanceof Error ? error.message : String(error) })
  })
})

process.on('disconnect', () => {
  void Promise.all(closers.map((close) => close())).finally(() => process.exit(0))
})
