/**
 * startCluster on pinned ports (what CLUSTER_REPLICA_PORTS and CLUSTER_REDIS_PORT ask of
 * `npm run cluster`, scripts/cluster/ports.ts): each replica listens on its own port, Redis on
 * its own, and nginx spreads the requests over exactly those replicas. Real processes on
 * loopback, from a build made here. What the cluster does for sessions is
 * src/server/cluster.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { freePort } from '../../src/proxy/store/redis-process'
import { buildAppInto } from '../../src/testing/built-app'
import { startCluster, type Cluster } from './start-cluster'

let dir: string
let cluster: Cluster | undefined
let replicaPorts: number[]
let redisPort: number

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'start-cluster-test-'))
  await buildAppInto(dir)
  replicaPorts = [await freePort(), await freePort(), await freePort()]
  redisPort = await freePort()
  cluster = await startCluster({
    root: dir,
    port: 0,
    emulatorPort: 0,
    replicas: replicaPorts.length,
    replicaPorts,
    redisPort,
    sessionSecret: 'start-cluster-test-session-secret-0123456789',
  })
}, 180_000)

afterAll(async () => {
  await cluster?.stop()
  await rm(dir, { recursive: true, force: true })
}, 60_000)

test('each replica listens on the port it was given, and is ready there', async () => {
  expect(cluster?.replicas.map((replica) => replica.port)).toEqual(replicaPorts)
  for (const port of replicaPorts) {
    const response = await fetch(`http://127.0.0.1:${port}/readyz`)
    expect(response.status).toBe(200)
  }
})

test('Redis listens on the port it was given, and the replicas use it', () => {
  expect(cluster?.redisUrl).toBe(`redis://127.0.0.1:${redisPort}`)
})

test('nginx sends requests to exactly the pinned replicas, round-robin', async () => {
  const servedBy = new Set<string>()
  // Bounded: 4 rounds of the three replicas.
  for (let i = 0; i < replicaPorts.length * 4; i++) {
    const response = await fetch(`${cluster?.url}/healthz`, { signal: AbortSignal.timeout(5000) })
    await response.body?.cancel()
    servedBy.add(response.headers.get('x-served-by') ?? 'none')
  }
  expect([...servedBy].sort()).toEqual(replicaPorts.map((port) => `127.0.0.1:${port}`).sort())
})

test('as many ports as replicas, or it refuses before starting anything', async () => {
  await expect(
    startCluster({
      root: dir,
      port: 0,
      emulatorPort: 0,
      replicas: 2,
      replicaPorts: [await freePort()],
      sessionSecret: 'start-cluster-test-session-secret-0123456789',
    }),
  ).rejects.toThrow('2 replicas but 1 replica ports: give one port per replica')
})
