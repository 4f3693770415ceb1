/**
 * The ports of `npm run cluster` (scripts/cluster/ports.ts): CLUSTER_REPLICA_PORTS sets both the
 * replicas' ports and how many run, CLUSTER_REDIS_PORT pins Redis, and every bad value, clash or
 * busy port is named by its variable before anything starts.
 */
import net from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { freePort } from '../../src/proxy/store/redis-process'
import { ClusterPortsError, DEFAULT_REPLICAS, assertPortsFree, readClusterPorts } from './ports'

function problemsOf(run: () => unknown): string[] {
  try {
    run()
  } catch (error) {
    if (error instanceof ClusterPortsError) return error.problems
    throw error
  }
  throw new Error('no ClusterPortsError was thrown')
}

describe('readClusterPorts', () => {
  test('unset: nginx on 5173, the emulator on 4010, two replicas and Redis on free ports', () => {
    expect(readClusterPorts({})).toEqual({
      port: 5173,
      emulatorPort: 4010,
      replicas: DEFAULT_REPLICAS,
      replicaPorts: undefined,
      redisPort: undefined,
    })
    expect(readClusterPorts({ CLUSTER_REPLICA_PORTS: '', CLUSTER_REDIS_PORT: ' ' })).toEqual(
      readClusterPorts({}),
    )
  })

  test('CLUSTER_REPLICA_PORTS pins each replica, and its count sets how many run', () => {
    expect(readClusterPorts({ CLUSTER_REPLICA_PORTS: '5201, 5202,5203' })).toMatchObject({
      replicas: 3,
      replicaPorts: [5201, 5202, 5203],
    })
    expect(readClusterPorts({ CLUSTER_REPLICA_PORTS: '5201' })).toMatchObject({
      replicas: 1,
      replicaPorts: [5201],
    })
  })

  test('CLUSTER_REDIS_PORT pins Redis; CLUSTER_PORT and EMULATOR_PORT still move theirs', () => {
    expect(
      readClusterPorts({ CLUSTER_REDIS_PORT: '6390', CLUSTER_PORT: '8080', EMULATOR_PORT: '4011' }),
    ).toMatchObject({ redisPort: 6390, port: 8080, emulatorPort: 4011 })
  })

  test.each([
    [{ CLUSTER_REPLICA_PORTS: '5201,,5202' }, 'CLUSTER_REPLICA_PORTS must be port numbers'],
    [{ CLUSTER_REPLICA_PORTS: '5201;5202' }, 'CLUSTER_REPLICA_PORTS must be port numbers'],
    [{ CLUSTER_REPLICA_PORTS: '5201,70000' }, 'CLUSTER_REPLICA_PORTS must be port numbers'],
    [{ CLUSTER_REPLICA_PORTS: '5201,5201' }, 'CLUSTER_REPLICA_PORTS names 5201 more than once'],
    [{ CLUSTER_REDIS_PORT: 'redis' }, 'CLUSTER_REDIS_PORT must be a port number 1–65535'],
    [{ CLUSTER_REDIS_PORT: '0' }, 'CLUSTER_REDIS_PORT must be a port number 1–65535'],
    [{ CLUSTER_PORT: '-1' }, 'CLUSTER_PORT must be a port number 1–65535'],
    [{ CLUSTER_REDIS_PORT: '4010' }, 'CLUSTER_REDIS_PORT and EMULATOR_PORT both use port 4010'],
    [
      { CLUSTER_REPLICA_PORTS: '5201,5173' },
      'CLUSTER_REPLICA_PORTS and CLUSTER_PORT both use port 5173',
    ],
  ])('%o is refused: "%s"', (env, message) => {
    expect(problemsOf(() => readClusterPorts(env))).toEqual([expect.stringContaining(message)])
  })

  test('every bad variable is named at once', () => {
    const problems = problemsOf(() =>
      readClusterPorts({
        CLUSTER_REPLICA_PORTS: 'a,b',
        CLUSTER_REDIS_PORT: 'x',
        CLUSTER_PORT: 'y',
      }),
    )
    expect(problems.map((problem) => problem.split(' ')[0]).sort()).toEqual([
      'CLUSTER_PORT',
      'CLUSTER_REDIS_PORT',
      'CLUSTER_REPLICA_PORTS',
    ])
  })
})

describe('assertPortsFree', () => {
  const servers: net.Server[] = []
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
    )
  })

  test('names the variable of a pinned port that something already listens on', async () => {
    const busy = net.createServer()
    servers.push(busy)
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve))
    const address = busy.address()
    const taken = typeof address === 'object' && address !== null ? address.port : 0
    const [port, emulatorPort, free] = [await freePort(), await freePort(), await freePort()]
    const ports = { port, emulatorPort, replicas: 2, replicaPorts: [free, taken] }

    await expect(assertPortsFree({ ...ports, redisPort: undefined })).rejects.toThrow(
      `CLUSTER_REPLICA_PORTS: port ${taken} is in use`,
    )
    await expect(
      assertPortsFree({ ...ports, replicaPorts: [free, await freePort()], redisPort: taken }),
    ).rejects.toThrow(`CLUSTER_REDIS_PORT: port ${taken} is in use`)
    await expect(
      assertPortsFree({ ...ports, replicaPorts: [free, await freePort()], redisPort: undefined }),
    ).resolves.toBeUndefined()
  })
})
