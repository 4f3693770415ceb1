/**
 * Test and tooling support: a real redis-server on a free loopback port, spawned and stopped by
 * the caller (the store's tests, the cluster test, `npm run cluster`). Without persistence by
 * default; `dataDir` turns the append-only file on, as production needs (README, "Deploy it").
 */
import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'

export interface RedisProcess {
  port: number
  url: string
  /** Stops it (SIGTERM, then SIGKILL after 3 s) and waits for the exit. */
  stop(): Promise<void>
}

/** A port nothing listens on right now (the OS picks it; a race is possible but rare). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) {
        reject(new Error(`redis-server exited with code ${child.exitCode} before listening`))
        return
      }
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve()
      })
      socket.once('error', () => {
        socket.destroy()
        if (Date.now() > deadline) reject(new Error(`redis-server not listening on ${port}`))
        else setTimeout(attempt, 25)
      })
    }
    attempt()
  })
}

export async function startRedisServer(
  options: {
    port?: number
    dataDir?: string
    /** More redis-server options, after the ones above (a later one wins). */
    extraArgs?: string[]
  } = {},
): Promise<RedisProcess> {
  const port = options.port ?? (await freePort())
  const persistence =
    options.dataDir === undefined
      ? ['--save', '', '--appendonly', 'no']
      : ['--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', options.dataDir]
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', ...persistence, ...(options.extraArgs ?? [])],
    {
      stdio: 'ignore',
    },
  )
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve)
    child.once('error', (error) =>
      reject(
        new Error(
          `cannot start redis-server (${error.message}): install it (npm run ensure-packages, or apt-get install redis-server)`,
        ),
      ),
    )
  })
  await spawned
  await waitForPort(port, child, 5000)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
      await exited
      clearTimeout(timer)
    },
  }
}
