/**
 * Runs the snippets of src/web/lib/snippets/ as a developer would: the curl ones with `sh -c`,
 * JavaScript with node (as `call.mjs`), Python with python3 (`call.py`), Go with `go run
 * main.go`, each in a directory of its own under one temporary directory. A child sees only
 * PATH, HOME and the variables given (Go: its cache in the temporary directory, no module
 * proxy: the snippets use the standard library alone), and is killed with its whole process
 * group when it outlives its time (`go run` and `sh` start children of their own).
 * `@yuque/sdk` resolves from the temporary directory through a link to this repository's
 * node_modules, as it would from a project that installed it.
 */
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

export type RunLanguage = 'curl' | 'javascript' | 'python' | 'go'

export interface RunResult {
  /** The exit code; null when a signal ended it. */
  exitCode: number | null
  stdout: string
  stderr: string
}

export interface RunningSnippet {
  /** Resolves with the output so far once it holds a line that `test` accepts; rejects at `timeoutMs`. */
  waitForLine(test: (line: string) => boolean, timeoutMs: number): Promise<string>
  finished: Promise<RunResult>
}

export interface SnippetRunner {
  /** Runs `code` to its end (at most `timeoutMs`, default 20 s). */
  run(
    language: RunLanguage,
    code: string,
    env?: Record<string, string>,
    timeoutMs?: number,
  ): Promise<RunResult>
  /** Starts `code`, to watch its output while it runs (at most `timeoutMs`, default 30 s). */
  start(
    language: RunLanguage,
    code: string,
    env?: Record<string, string>,
    timeoutMs?: number,
  ): Promise<RunningSnippet>
  close(): Promise<void>
}

const FILES: Record<Exclude<RunLanguage, 'curl'>, string> = {
  javascript: 'call.mjs',
  python: 'call.py',
  go: 'main.go',
}

export async function createSnippetRunner(): Promise<SnippetRunner> {
  const root = await mkdtemp(path.join(tmpdir(), 'snippets-run-'))
  await symlink(path.resolve('node_modules'), path.join(root, 'node_modules'), 'dir')
  const goEnv = {
    GOCACHE: path.join(root, 'go-cache'),
    GOPATH: path.join(root, 'go-path'),
    GOPROXY: 'off',
    GOFLAGS: '',
    GOENV: 'off',
    GOTOOLCHAIN: 'local',
  }
  let count = 0

  const command = async (language: RunLanguage, code: string): Promise<[string, string[]]> => {
    if (language === 'curl') return ['sh', ['-c', code]]
    const dir = path.join(root, `run-${++count}`)
    await mkdir(dir)
    const file = path.join(dir, FILES[language])
    await writeFile(file, code)
    if (language === 'javascript') return ['node', [file]]
    if (language === 'python') return ['python3', [file]]
    return ['go', ['run', file]]
  }

  const start = async (
    language: RunLanguage,
    code: string,
    env: Record<string, string> = {},
    timeoutMs = 30_000,
  ): Promise<RunningSnippet> => {
    const [program, args] = await command(language, code)
    const child = spawn(program, args, {
      cwd: root,
      detached: true,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: root,
        ...(language === 'go' ? goEnv : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    const listeners = new Set<() => void>()
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      for (const listener of listeners) listener()
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
      } catch {
        // Already gone.
      }
    }
    let timedOut = false
    let closed = false
    const timer = setTimeout(() => {
      timedOut = true
      killGroup()
    }, timeoutMs)
    const finished = new Promise<RunResult>((resolve, reject) => {
      child.on('error', reject)
      child.on('close', (exitCode) => {
        clearTimeout(timer)
        closed = true
        for (const listener of listeners) listener()
        if (timedOut) {
          reject(new Error(`${program} ran past ${timeoutMs} ms and was killed.\n${stderr}`))
        } else {
          resolve({ exitCode, stdout, stderr })
        }
      })
    })
    finished.catch(() => undefined)

    const waitForLine = (test: (line: string) => boolean, waitMs: number) =>
      new Promise<string>((resolve, reject) => {
        const check = () => {
          if (stdout.split('\n').some(test)) {
            done()
            resolve(stdout)
          } else if (closed) {
            done()
            reject(new Error(`${program} ended without the line awaited:\n${stdout}\n${stderr}`))
          }
        }
        const waiting = setTimeout(() => {
          done()
          reject(new Error(`no such line within ${waitMs} ms:\n${stdout}\n${stderr}`))
        }, waitMs)
        const done = () => {
          clearTimeout(waiting)
          listeners.delete(check)
        }
        listeners.add(check)
        check()
      })
    return { waitForLine, finished }
  }

  return {
    start,
    run: async (language, code, env, timeoutMs = 20_000) =>
      (await start(language, code, env, timeoutMs)).finished,
    close: () => rm(root, { recursive: true, force: true }),
  }
}
