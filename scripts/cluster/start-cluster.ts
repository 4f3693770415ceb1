/**
 * Several replicas of the built server behind one load balancer, as a real deployment runs
 * them (README, "Deploy it"): one Redis (REDIS_URL), one service (here one emulator, which
 * every replica reaches through the YUQUE_* variables, as it would reach Yuque), the same
 * SESSION_SECRET and APP_ORIGIN everywhere, and nginx round-robin in front. Used by
 * `npm run cluster` and by the cluster test.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { EMULATOR_CODE_APP, EMULATOR_WEB_APP } from '../../src/proxy/config'
import { freePort, startRedisServer, type RedisProcess } from '../../src/proxy/store/redis-process'
import { startNginx } from './nginx'
import { startProcess, waitForHttp, type RunningProcess } from './processes'

export interface ClusterOptions {
  /** Holds dist/server.js and dist/emulator.js (and the web app they serve). */
  root: string
  /** The load balancer's port: the app's origin is http://localhost:<port>. 0 picks one. */
  port: number
  /** The emulator's port (it stays on 127.0.0.1). 0 picks one. */
  emulatorPort: number
  replicas: number
  /** One port per replica (as many as `replicas`); unset, each on a free port. */
  replicaPorts?: number[]
  /** Redis's port; unset, a free one. */
  redisPort?: number
  sessionSecret: string
  /** The emulator's /__emulator/* API (tests). */
  testControl?: boolean
  /** Print every process's output with its name in front. */
  echo?: boolean
  /** Extra environment for the replicas (LOG_FORMAT, SHUTDOWN_TIMEOUT_MS, …). */
  replicaEnv?: Record<string, string>
}

interface Replica {
  port: number
  url: string
  process(): RunningProcess
  /** SIGTERM, wait for the exit (the requests in flight finish), start again, wait ready. */
  restart(): Promise<void>
}

export interface Cluster {
  appOrigin: string
  /** The load balancer: the same as appOrigin (the proxy answers only that Host). */
  url: string
  emulatorUrl: string
  redisUrl: string
  replicas: Replica[]
  stop(): Promise<void>
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const dir = await mkdtemp(path.join(tmpdir(), 'playground-cluster-'))
  const started: { stop(): Promise<unknown> }[] = []
  const stop = async () => {
    for (const item of started.splice(0).reverse()) await item.stop()
    await rm(dir, { recursive: true, force: true })
  }
  try {
    if (options.replicaPorts !== undefined && options.replicaPorts.length !== options.replicas) {
      throw new Error(
        `${options.replicas} replicas but ${options.replicaPorts.length} replica ports: give one port per replica`,
      )
    }
    const port = options.port || (await freePort())
    const emulatorPort = options.emulatorPort || (await freePort())
    const appOrigin = `http://localhost:${port}`
    const emulatorUrl = `http://127.0.0.1:${emulatorPort}`

    // Persistence on, as production needs it: a Redis restart forgets no logout.
    const redis: RedisProcess = await startRedisServer({
      dataDir: dir,
      ...(options.redisPort === undefined ? {} : { port: options.redisPort }),
    })
    started.push(redis)

    const emulator = startProcess(
      'emulator',
      process.execPath,
      [
        path.join(options.root, 'dist/emulator.js'),
        '--port',
        String(emulatorPort),
        ...(options.testControl === true ? ['--test-control'] : []),
      ],
      { env: { APP_ORIGIN: appOrigin }, echo: options.echo ?? false },
    )
    started.push(emulator)
    // Without a token /hello is 401: any answer shows that it listens.
    await waitForHttp(`${emulatorUrl}/api/v2/hello`, emulator, { anyStatus: true })

    const env = {
      ...options.replicaEnv,
      HOST: '127.0.0.1',
      APP_ORIGIN: appOrigin,
      SESSION_SECRET: options.sessionSecret,
      REDIS_URL: redis.url,
      YUQUE_AUTH_URL: emulatorUrl,
      YUQUE_BASE_URL: `${emulatorUrl}/api/v2`,
      YUQUE_CLIENT_ID: EMULATOR_WEB_APP.clientId,
      YUQUE_CLIENT_SECRET: EMULATOR_WEB_APP.clientSecret,
      YUQUE_CODE_CLIENT_ID: EMULATOR_CODE_APP.clientId,
      YUQUE_CODE_CLIENT_SECRET: EMULATOR_CODE_APP.clientSecret,
      // Off by default against a configured service (config.ts); the emulator is a safe one.
      CLIENT_CODE_FLOW: 'on',
    }
    const replicas: Replica[] = []
    for (let index = 0; index < options.replicas; index++) {
      const replicaPort = options.replicaPorts?.[index] ?? (await freePort())
      const name = `replica-${index + 1}`
      const url = `http://127.0.0.1:${replicaPort}`
      const launch = async () => {
        const running = startProcess(
          name,
          process.execPath,
          ['--enable-source-maps', path.join(options.root, 'dist/server.js')],
          { env: { ...env, PORT: String(replicaPort) }, echo: options.echo ?? false },
        )
        await waitForHttp(`${url}/readyz`, running)
        return running
      }
      let running = await launch()
      started.push({ stop: () => running.stop() })
      replicas.push({
        port: replicaPort,
        url,
        process: () => running,
        restart: async () => {
          await running.stop()
          running = await launch()
        },
      })
    }

    const nginx = await startNginx({
      dir,
      port,
      replicaPorts: replicas.map((replica) => replica.port),
    })
    started.push(nginx)
    const url = appOrigin
    await waitForHttp(`${url}/healthz`, nginx)
    return { appOrigin, url, emulatorUrl, redisUrl: redis.url, replicas, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
