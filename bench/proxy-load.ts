/**
 * Proxy overhead: `GET /api/v2/user` direct to the emulator, through our proxy and through the
 * floor (a minimal node:http forwarder), with autocannon on loopback. autocannon runs in a child
 * process so that it does not share the servers' event loop, and the forwarders in another
 * (forwarders.ts); each run is fixed in duration and killed if it overstays.
 */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { z } from 'zod'

/** Measured time per target = rounds × roundSeconds, interleaved so drifting noise hits all. */
export const LOAD = { connections: 10, warmupSeconds: 2, rounds: 6, roundSeconds: 2 } as const

export interface LoadTarget {
  name: 'direct' | 'proxy' | 'traced' | 'floor'
  label: string
  url: string
  headers: Record<string, string>
  /**
   * The CPU time so far of the process serving this target: the forwarders' own
   * (bench/forwarders.ts), or this process's for the emulator.
   */
  cpuUsage: () => Promise<NodeJS.CpuUsage>
}

export interface LoadResult {
  name: LoadTarget['name']
  label: string
  requestsPerSecond: number
  latencyMs: { average: number; p50: number; p90: number; p99: number; max: number }
  requests: number
  errors: number
  non2xx: number
  /** Requests per second in each round, in round order (rounds of all targets alternate). */
  roundRequestsPerSecond: number[]
  /**
   * CPU time of the process serving the target (target.cpuUsage) per request in each round, in
   * µs; autocannon runs in a child process of its own and is not counted.
   */
  roundCpuMicrosPerRequest: number[]
}

const AutocannonSchema = z.object({
  requests: z.object({ total: z.number() }),
  latency: z.object({
    average: z.number(),
    p50: z.number(),
    p90: z.number(),
    p99: z.number(),
    max: z.number(),
  }),
  duration: z.number(),
  errors: z.number(),
  timeouts: z.number(),
  non2xx: z.number(),
})

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js')

async function autocannon(target: LoadTarget, seconds: number) {
  const before = await target.cpuUsage()
  const args = [
    autocannonCli,
    '--json',
    '--no-progress',
    '--connections',
    String(LOAD.connections),
    '--duration',
    String(seconds),
    ...Object.entries(target.headers).flatMap(([name, value]) => ['--headers', `${name}=${value}`]),
    target.url,
  ]
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  const killer = setTimeout(() => child.kill('SIGKILL'), (seconds + 20) * 1000)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  clearTimeout(killer)
  const after = await target.cpuUsage()
  const used = after.user - before.user + after.system - before.system
  if (code !== 0) {
    throw new Error(
      `autocannon ${target.name} exited with ${code} (killed after ${seconds + 20} s when null): ${stderr.slice(-500)}`,
    )
  }
  const result = AutocannonSchema.parse(JSON.parse(stdout))
  if (result.requests.total === 0) {
    throw new Error(
      `autocannon ${target.name}: no request completed in ${seconds} s (is the machine overloaded?)`,
    )
  }
  return { ...result, cpuMicrosPerRequest: used / result.requests.total }
}

type Round = Awaited<ReturnType<typeof autocannon>>

/**
 * A warm-up per target, then rounds over all targets, forward then backward (A B C, C B A…),
 * so that a burst of load from elsewhere on the machine does not land on one target only.
 * Throughput = all requests / all measured seconds; latency percentiles are the mean of the
 * rounds' percentiles (autocannon reports no histogram to merge). Ratios between targets are
 * best taken round by round (`roundRatio`): neighbours in time share the machine's noise.
 */
export async function measureLoad(targets: LoadTarget[]): Promise<LoadResult[]> {
  for (const target of targets) await autocannon(target, LOAD.warmupSeconds)
  const rounds = new Map<LoadTarget, Round[]>(targets.map((target) => [target, []]))
  for (let round = 0; round < LOAD.rounds; round += 1) {
    const order = round % 2 === 0 ? targets : [...targets].reverse()
    for (const target of order)
      rounds.get(target)?.push(await autocannon(target, LOAD.roundSeconds))
  }
  return targets.map((target) => {
    const results = rounds.get(target) ?? []
    const sum = (pick: (result: Round) => number) =>
      results.reduce((total, result) => total + pick(result), 0)
    const mean = (pick: (result: Round) => number) => sum(pick) / results.length
    return {
      name: target.name,
      label: target.label,
      requestsPerSecond: sum((result) => result.requests.total) / sum((result) => result.duration),
      latencyMs: {
        average: mean((result) => result.latency.average),
        p50: mean((result) => result.latency.p50),
        p90: mean((result) => result.latency.p90),
        p99: mean((result) => result.latency.p99),
        max: Math.max(...results.map((result) => result.latency.max)),
      },
      requests: sum((result) => result.requests.total),
      errors: sum((result) => result.errors + result.timeouts),
      non2xx: sum((result) => result.non2xx),
      roundRequestsPerSecond: results.map((result) => result.requests.total / result.duration),
      roundCpuMicrosPerRequest: results.map((result) => result.cpuMicrosPerRequest),
    }
  })
}

function medianOf(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((x, y) => x - y)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2
}

/** The median over rounds of a/b, each round's figures measured back to back. */
export function roundRatio(a: LoadResult, b: LoadResult): number {
  return medianOf(
    a.roundRequestsPerSecond.map(
      (value, round) => value / (b.roundRequestsPerSecond[round] ?? Number.NaN),
    ),
  )
}

/** The median over rounds of the target's CPU per request, in µs (its own process's). */
export function cpuMicros(result: LoadResult): number {
  return medianOf(result.roundCpuMicrosPerRequest)
}
