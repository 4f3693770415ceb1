/**
 * Child processes of the cluster (redis-server, the emulator, the replicas, nginx): spawned with
 * their output kept (the last 64 kB, for error messages), stopped with a signal and a bound.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'

const OUTPUT_KEPT = 64 * 1024

export interface RunningProcess {
  name: string
  child: ChildProcess
  /** Resolves with the exit code (null when ended by a signal). */
  exited: Promise<number | null>
  output(): string
  /** SIGTERM (or `signal`), then SIGKILL after `timeoutMs`; resolves once it has exited. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>
}

export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { env?: Record<string, string>; echo?: boolean; cwd?: string } = {},
): RunningProcess {
  const child = spawn(command, args, {
    env: { ...process.env, ...options.env },
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT)
    if (options.echo === true) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        process.stdout.write(`[${name}] ${line}\n`)
    }
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code))
    child.once('error', (error) => {
      output += `\n${error.message}`
      resolve(-1)
    })
  })
  return {
    name,
    child,
    exited,
    output: () => output,
    stop: async (signal = 'SIGTERM', timeoutMs = 15_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode
      child.kill(signal)
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
      const code = await exited
      clearTimeout(timer)
      return code
    },
  }
}

/**
 * Waits until `url` answers 200 (or, with `anyStatus`, answers at all), or throws with the
 * process's output after `timeoutMs`.
 */
export async function waitForHttp(
  url: string,
  running: RunningProcess,
  options: { anyStatus?: boolean; timeoutMs?: number } = {},
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 30_000
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const status = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      async (response) => {
        await response.body?.cancel()
        return response.status
      },
      () => 0,
    )
    if (status === 200 || (options.anyStatus === true && status !== 0)) return
    if (running.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(
        `${running.name} did not answer ${url} with 200 (last: ${status || 'no answer'}):\n${running.output()}`,
      )
    }
    await sleep(100)
  }
}

/**
 * Resolves once the process has printed `text` (on stdout or stderr), as it prints it; throws
 * with its output if it exits first or `timeoutMs` passes.
 */
export function waitForOutput(running: RunningProcess, text: string, timeoutMs = 30_000) {
  return new Promise<void>((resolve, reject) => {
    const streams = [running.child.stdout, running.child.stderr]
    const finish = (error?: Error) => {
      clearTimeout(timer)
      for (const stream of streams) stream?.off('data', check)
      if (error === undefined) resolve()
      else reject(error)
    }
    const fail = (why: string) =>
      finish(new Error(`${running.name} ${why} before printing "${text}":\n${running.output()}`))
    // After startProcess's own listener, so output() already holds the chunk.
    function check() {
      if (running.output().includes(text)) finish()
    }
    const timer = setTimeout(() => fail(`took over ${timeoutMs} ms`), timeoutMs)
    for (const stream of streams) stream?.on('data', check)
    void running.exited.then(() => {
      if (running.output().includes(text)) finish()
      else fail('exited')
    })
    check()
  })
}
