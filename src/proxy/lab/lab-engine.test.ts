import { describe, expect, test } from 'vitest'
import { createRunQueue } from './lab-engine'

/** A task that ends when the test says so, and tells when it started. */
function gate() {
  let open = (): void => undefined
  const opened = new Promise<void>((resolve) => (open = resolve))
  const seen = { started: false }
  return {
    seen,
    open,
    task: async () => {
      seen.started = true
      await opened
      return 'done'
    },
  }
}

describe('the run queue (one run at a time: the emulator’s clock and PKCE mode are global)', () => {
  test('starts a run only when the one before has ended, failed ones included', async () => {
    const queue = createRunQueue(4)
    const first = gate()
    const failing = async () => {
      throw new Error('this run failed')
    }
    const second = gate()
    const runs = [queue.run(first.task), queue.run(failing), queue.run(second.task)]
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect([first.seen.started, second.seen.started]).toEqual([true, false])
    first.open()
    await expect(runs[0]).resolves.toBe('done')
    await expect(runs[1]).rejects.toThrow('this run failed')
    second.open()
    await expect(runs[2]).resolves.toBe('done')
  })

  test('answers busy beyond the number of runs that may wait, and takes runs again once they end', async () => {
    const queue = createRunQueue(1)
    const running = gate()
    const waiting = gate()
    const first = queue.run(running.task)
    const second = queue.run(waiting.task)
    await expect(queue.run(async () => 'third')).resolves.toBe('busy')
    running.open()
    waiting.open()
    await Promise.all([first, second])
    await expect(queue.run(async () => 'fourth')).resolves.toBe('fourth')
  })
})
