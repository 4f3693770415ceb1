/**
 * The forwarders the load test measures (our proxy, the floor) in a child process
 * (bench/forwarders-child.ts), apart from the emulator they forward to. Their CPU per call is then
 * that process's CPU time over the calls it forwarded: measured, not a difference. (Beside the
 * emulator in one process, a forwarder's share had to be taken as the process's CPU per call
 * minus the emulator's alone in another round, ~250 µs: two noisy figures whose difference was
 * the figure wanted.) A real proxy's service is another machine, not a neighbour in its process.
 */
import { fork, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { projectRoot } from './bundle'
import type { BenchStack } from './stack'

export type ParentAsk =
  | { kind: 'start'; configEnv: Record<string, string>; appDir: string; floorToken: string }
  | { kind: 'cpu' }
export type ChildAnswer =
  | { kind: 'started'; proxyUrl: string; floorUrl: string }
  | { kind: 'cpu'; usage: NodeJS.CpuUsage }
  | { kind: 'failed'; message: string }

/** Every question to the child is answered within this, or the bench fails. */
const ANSWER_TIMEOUT_MS = 20_000

export interface Forwarders {
  /** Our server (`composeServer`) with the stack's configuration: its origin, its emulator. */
  proxyUrl: string
  floorUrl: string
  /** The forwarders' process's CPU time so far. */
  cpuUsage(): Promise<NodeJS.CpuUsage>
  close(): Promise<void>
}

function ask<K extends ChildAnswer['kind']>(
  child: ChildProcess,
  question: ParentAsk,
  kind: K,
): Promise<Extract<ChildAnswer, { kind: K }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage)
      reject(new Error(`the forwarders' process did not answer "${question.kind}" in time`))
    }, ANSWER_TIMEOUT_MS)
    const onMessage = (answer: ChildAnswer) => {
      if (answer.kind !== kind && answer.kind !== 'failed') return
      clearTimeout(timer)
      child.off('message', onMessage)
      if (answer.kind === 'failed') reject(new Error(`the forwarders' process: ${answer.message}`))
      else resolve(answer as Extract<ChildAnswer, { kind: K }>)
    }
    child.on('message', onMessage)
    child.send(question)
  })
}

export async function startForwardersApart(
  stack: BenchStack,
  appDir: string,
  floorToken: string,
): Promise<Forwarders> {
  // process.execArgv carries tsx's loader: the child runs TypeScript as this process does.
  const child = fork(path.join(projectRoot, 'bench', 'forwarders-child.ts'), [], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const close = async () => {
    if (child.connected) child.disconnect()
    const killer = setTimeout(() => child.kill('SIGKILL'), ANSWER_TIMEOUT_MS)
    await exited
    clearTimeout(killer)
  }
  try {
    // The secret goes over IPC, not the command line that `ps` shows.
    const started = await ask(
      child,
      { kind: 'start', configEnv: stack.configEnv, appDir, floorToken },
      'started',
    )
    return {
      proxyUrl: started.proxyUrl,
      floorUrl: started.floorUrl,
      cpuUsage: async () => (await ask(child, { kind: 'cpu' }, 'cpu')).usage,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
