/**
 * Graceful shutdown on SIGTERM (an orchestrator stopping a replica) and SIGINT (Ctrl-C): stop
 * accepting connections, let the requests in flight finish within a bound, close what the
 * server opened, exit 0. A second signal exits at once.
 */
import type { Server } from 'node:http'

export interface DrainResult {
  /** Requests still unfinished when the bound ran out (their connections were closed). */
  abandoned: number
}

/**
 * Counts `server`'s requests in flight from now on. `drain(timeoutMs)` stops it accepting and
 * resolves when they have finished, or after `timeoutMs`, when the connections left are
 * closed. Keep-alive connections are closed as soon as they are idle, and answers given while
 * draining say `Connection: close`, so no client sends a new request down a closing connection.
 */
export function trackRequests(server: Server): {
  /**
   * From now on every answer says `Connection: close`, while the listener still accepts: called
   * when the drain delay begins, so that by the time the listener closes no balancer holds an
   * idle kept-alive connection it might send on as it closes (scripts/cluster/nginx.ts).
   */
  closeAfterEachAnswer(): void
  drain(timeoutMs: number): Promise<DrainResult>
} {
  let inFlight = 0
  let isClosingConnections = false
  server.on('request', (_req, res) => {
    inFlight += 1
    res.once('close', () => (inFlight -= 1))
    if (isClosingConnections) res.setHeader('Connection', 'close')
  })
  const closeAfterEachAnswer = () => {
    isClosingConnections = true
    server.closeIdleConnections()
  }
  const drain = (timeoutMs: number) =>
    new Promise<DrainResult>((resolve) => {
      isClosingConnections = true
      let isDone = false
      const finish = (abandoned: number) => {
        if (isDone) return
        isDone = true
        clearInterval(idle)
        clearTimeout(deadline)
        resolve({ abandoned })
      }
      const idle = setInterval(() => server.closeIdleConnections(), 50)
      const deadline = setTimeout(() => {
        const abandoned = inFlight
        server.closeAllConnections()
        finish(abandoned)
      }, timeoutMs)
      server.close(() => finish(0))
      server.closeIdleConnections()
    })
  return { closeAfterEachAnswer, drain }
}

/** Calls `stop` on the first SIGTERM or SIGINT; a second one exits at once with code 1. */
export function onStopSignal(stop: (signal: NodeJS.Signals) => Promise<void>): void {
  let isStopping = false
  const handle = (signal: NodeJS.Signals) => {
    if (isStopping) process.exit(1)
    isStopping = true
    void stop(signal)
  }
  process.on('SIGTERM', handle)
  process.on('SIGINT', handle)
}
