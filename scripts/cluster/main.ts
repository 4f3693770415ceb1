/**
 * `npm run cluster`: Redis, the emulator, replicas of the built server (two by default) and
 * nginx in front (scripts/cluster/start-cluster.ts), on http://localhost:5173 unless
 * CLUSTER_PORT says otherwise; CLUSTER_REPLICA_PORTS and CLUSTER_REDIS_PORT pin the others
 * (scripts/cluster/ports.ts). Ctrl-C stops them all. `npm run build` runs first (package.json).
 */
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { assertPortsFree, readClusterPorts, type ClusterPorts } from './ports'
import { startCluster } from './start-cluster'

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

let ports: ClusterPorts
try {
  ports = readClusterPorts(process.env)
  await assertPortsFree(ports)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

const cluster = await startCluster({
  root: projectRoot,
  port: ports.port,
  emulatorPort: ports.emulatorPort,
  replicas: ports.replicas,
  ...(ports.replicaPorts === undefined ? {} : { replicaPorts: ports.replicaPorts }),
  ...(ports.redisPort === undefined ? {} : { redisPort: ports.redisPort }),
  // One secret for every replica, new for each run of this local tool.
  sessionSecret: process.env.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
  testControl: process.argv.includes('--test-control'),
  echo: process.argv.includes('--verbose'),
}).catch((error: unknown) => {
  console.error(`The cluster did not start: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
})

console.log(
  [
    '',
    `  Yuque OAuth playground: ${cluster.replicas.length} replica${cluster.replicas.length === 1 ? '' : 's'} behind nginx, one Redis, one emulator`,
    '',
    `  Open:       ${cluster.appOrigin}   (nginx, round-robin)`,
    ...cluster.replicas.map((replica, i) => `  Replica ${i + 1}:  ${replica.url}`),
    `  Emulator:   ${cluster.emulatorUrl}   (sign in as alice, password "password")`,
    `  Redis:      ${cluster.redisUrl}`,
    '',
    '  Ctrl-C stops them all. --verbose prints their logs.',
    '',
  ].join('\n'),
)

let isStopping = false
const stop = () => {
  if (isStopping) return
  isStopping = true
  console.log('Stopping the cluster…')
  void cluster.stop().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
