/**
 * The server's log: readable lines by default, one JSON object per line with LOG_FORMAT=json
 * (pino), for a log collector. Both formats get the same redaction: every line is scrubbed of
 * the secrets the server knows (client secrets, session secret) and of anything token-shaped
 * (src/protocol/trace-redaction.ts), on top of the proxy writing no code, state, token or
 * cookie into its lines in the first place (ProxyOptions.log).
 */
import { pino, type DestinationStream } from 'pino'
import { createScrubber } from '../protocol/trace-redaction'

type LogLevel = 'info' | 'warn' | 'error'

export interface Logger {
  info(message: string): void
  warn(message: string): void
  error(message: string): void
  /** Writes what is buffered (JSON logs are asynchronous); await it before the process exits. */
  flush(): Promise<void>
}

export interface LoggerOptions {
  format: 'text' | 'json'
  /** Values never to appear in a line. */
  secrets: readonly string[]
  /** Where lines go: stdout by default; tests pass a stream. */
  destination?: DestinationStream
}

export function createLogger(options: LoggerOptions): Logger {
  const scrub = createScrubber(options.secrets)
  if (options.format === 'json') {
    const log = pino(
      {
        base: { service: 'yuque-oauth-playground' },
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
      },
      options.destination ?? pino.destination({ dest: 1, sync: false }),
    )
    return {
      info: (message) => log.info(scrub(message)),
      warn: (message) => log.warn(scrub(message)),
      error: (message) => log.error(scrub(message)),
      flush: () => new Promise<void>((resolve) => log.flush(() => resolve())),
    }
  }
  const write = (level: LogLevel, message: string) => {
    const line = `${level === 'info' ? '' : `${level}: `}${scrub(message)}\n`
    if (options.destination !== undefined) options.destination.write(line)
    else if (level === 'info') process.stdout.write(line)
    else process.stderr.write(line)
  }
  return {
    info: (message) => write('info', message),
    warn: (message) => write('warn', message),
    error: (message) => write('error', message),
    flush: async () => undefined,
  }
}
