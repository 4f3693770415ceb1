/**
 * The load test's forwarders in a process of their own (bench/forwarders.ts starts it): our
 * server as `npm start` composes it (bench/stack.ts `listenComposed`) and the floor, both on
 * loopback. Alone here, their CPU time is this process's, with none of the emulator's in it.
 * It does what its parent asks over IPC and ends when the parent goes.
 */
import type { ChildAnswer, ParentAsk } from './forwarders'
import { closeServer, createFloorProxy, listen, listenComposed } from './stack'

const send = (answer: ChildAnswer) => process.send?.(answer)
const closers: (() => Promise<void> | void)[] = []

process.on('message', (ask: ParentAsk) => {
  void (async () => {
    if (ask.kind === 'cpu') return send({ kind: 'cpu', usage: process.cpuUsage() })
    const proxy = await listenComposed(ask.configEnv, ask.appDir)
    closers.push(proxy.close)
    const floor = createFloorProxy(proxy.config.authUrl, ask.floorToken)
    const floorUrl = await listen(floor)
    closers.push(() => closeServer(floor))
    send({ kind: 'started', proxyUrl: proxy.url, floorUrl })
  })().catch((error: unknown) => {
    send({ kind: 'failed', message: error instanceof Error ? error.message : String(error) })
  })
})

process.on('disconnect', () => {
  void Promise.all(closers.map((close) => close())).finally(() => process.exit(0))
})
