/**
 * `npm run cluster`: Redis, the emulator, two replicas of the built server and nginx in front
 * (scripts/cluster/start-cluster.ts), on http://localhost:5173 unless CLUSTER_PORT says
 * otherwise. Ctrl-C stops them all. `npm run build` runs first (package.json).
 */
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startCluster } from './start-cluster'

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

function portOf(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1 || Number(raw) > 65535) {
    console.error(`${name} must be a port number 1–65535, got "${raw}".`)
    process.exit(1)
  }
  return Number(raw)
}

const cluster = await startCluster({
  root: projectRoot,
  port: portOf('CLUSTER_PORT', 5173),
  emulatorPort: portOf('EMULATOR_PORT', 4010),
  replicas: 2,
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
    '  Yuque OAuth playground: two replicas behind nginx, one Redis, one emulator',
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
