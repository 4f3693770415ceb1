/**
 * The ports of `npm run cluster` (README, "Deploy it"), read from the environment in the style of
 * src/proxy/config.ts: every bad variable named at once. Pinned ports let a firewall rule, a
 * bookmark or a second cluster beside the first stay put from run to run.
 * - CLUSTER_PORT: nginx, the app's origin (default 5173).
 * - EMULATOR_PORT: the emulator (default 4010).
 * - CLUSTER_REPLICA_PORTS: a comma-separated list, one replica per port (`5201,5202`); unset,
 *   two replicas on free ports.
 * - CLUSTER_REDIS_PORT: Redis; unset, a free port.
 */
import net from 'node:net'
import { z } from 'zod'
import { port } from '../../src/proxy/config-values'

/** Two replicas unless CLUSTER_REPLICA_PORTS lists more or fewer. */
export const DEFAULT_REPLICAS = 2

export interface ClusterPorts {
  port: number
  emulatorPort: number
  /** How many replicas run: the length of replicaPorts when it is set. */
  replicas: number
  /** Undefined: each replica on a free port. */
  replicaPorts: number[] | undefined
  /** Undefined: Redis on a free port. */
  redisPort: number | undefined
}

export class ClusterPortsError extends Error {
  override readonly name = 'ClusterPortsError'
  constructor(readonly problems: string[]) {
    super(`Invalid cluster ports:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
  }
}

const PORT = /^\d{1,5}$/
const isPort = (value: string) => PORT.test(value) && Number(value) >= 1 && Number(value) <= 65535

const replicaPorts = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return undefined
    const items = value.split(',').map((item) => item.trim())
    const bad = items.filter((item) => !isPort(item))
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `CLUSTER_REPLICA_PORTS must be port numbers 1–65535 separated by commas, one per replica (e.g. 5201,5202), got "${value}"`,
      })
      return z.NEVER
    }
    const ports = items.map(Number)
    const twice = ports.filter((item, index) => ports.indexOf(item) !== index)
    if (twice.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `CLUSTER_REPLICA_PORTS names ${[...new Set(twice)].join(', ')} more than once: each replica needs its own port`,
      })
      return z.NEVER
    }
    return ports
  })

const ClusterEnvSchema = z.object({
  CLUSTER_PORT: port('CLUSTER_PORT', 5173),
  EMULATOR_PORT: port('EMULATOR_PORT', 4010),
  CLUSTER_REPLICA_PORTS: replicaPorts,
  CLUSTER_REDIS_PORT: port('CLUSTER_REDIS_PORT', undefined),
})

/** Each port with the variable that sets it; undefined where a free port will be picked. */
function namedPorts(ports: ClusterPorts): [string, number | undefined][] {
  return [
    ['CLUSTER_PORT', ports.port],
    ['EMULATOR_PORT', ports.emulatorPort],
    ['CLUSTER_REDIS_PORT', ports.redisPort],
    ...(ports.replicaPorts ?? []).map((p): [string, number] => ['CLUSTER_REPLICA_PORTS', p]),
  ]
}

export function readClusterPorts(env: Record<string, string | undefined>): ClusterPorts {
  const parsed = ClusterEnvSchema.safeParse(env)
  // Every message above names its variable.
  if (!parsed.success) throw new ClusterPortsError(parsed.error.issues.map((i) => i.message))
  const vars = parsed.data
  const ports: ClusterPorts = {
    port: vars.CLUSTER_PORT,
    emulatorPort: vars.EMULATOR_PORT,
    replicas: vars.CLUSTER_REPLICA_PORTS?.length ?? DEFAULT_REPLICAS,
    replicaPorts: vars.CLUSTER_REPLICA_PORTS,
    redisPort: vars.CLUSTER_REDIS_PORT,
  }
  // Two processes cannot listen on one port: say which variables collide, before anything starts.
  const named = namedPorts(ports)
  const problems: string[] = []
  for (const [index, [name, value]] of named.entries()) {
    const earlier = named.slice(0, index).find(([other, p]) => p === value && other !== name)
    if (value !== undefined && earlier !== undefined) {
      problems.push(
        `${name} and ${earlier[0]} both use port ${value}: each process of the cluster needs its own`,
      )
    }
  }
  if (problems.length > 0) throw new ClusterPortsError(problems)
  return ports
}

/** True when nothing listens on 127.0.0.1:<port> (a moment ago: a race is possible but rare). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/**
 * Names every pinned port that something already listens on, with its variable, before any
 * process starts: otherwise the failure would surface as a replica or Redis that exited.
 */
export async function assertPortsFree(ports: ClusterPorts): Promise<void> {
  const problems: string[] = []
  for (const [name, value] of namedPorts(ports)) {
    if (value !== undefined && !(await isFree(value)))
      problems.push(
        `${name}: port ${value} is in use on 127.0.0.1; pick another or stop what listens there`,
      )
  }
  if (problems.length > 0) throw new ClusterPortsError(problems)
}
