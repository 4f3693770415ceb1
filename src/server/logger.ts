/**
 * The server's log: readable lines by default, one JSON object per line with LOG_FORMAT=json
 * (pino), for a log collector. Both formats get the same redaction: every line is scrubbed of
 * the secrets the server knows (client secrets, session secret) and of anything token-shaped
 * (src/protocol/trace-redaction.ts), on top of the proxy writing no code, state, token or
 * cookie into its lines in the first place (ProxyOptions.log, src/server/request-log.ts). A
 * UUID is the one token shape kept: the request ids are UUIDs (docs/operations.md#logs).
 */
import { pino, type DestinationStream } from 'pino'
import { createScrubber } from '../protocol/trace-redaction'

export type LogLevel = 'info' | 'warn' | 'error'

/** An event's own fields: each a field of the JSON line, scrubbed like the message. */
export type LogFields = Readonly<Record<string, string | number | boolean | null>>

export interface Logger {
  /** LOG_FORMAT: whether an event's fields are written (json) or said by its message (text). */
  readonly format: 'text' | 'json'
  info(message: string): void
  warn(message: string): void
  error(message: string): void
  /**
   * An event with fields (a request: src/server/request-log.ts). With LOG_FORMAT=json they are
   * fields of the line beside `msg`; a text line is the message, which says them, and the
   * instance (and the fields, not written, may be left out).
   */
  event(level: LogLevel, message: string, fields?: LogFields): void
  /** Whether `text` would be written as it is: nothing in it to scrub or escape. */
  writesAsIs(text: string): boolean
  /** Writes what is buffered (JSON logs are asynchronous); await it before the process exits. */
  flush(): Promise<void>
}

export interface LoggerOptions {
  format: 'text' | 'json'
  /** Values never to appear in a line. */
  secrets: readonly string[]
  /**
   * The process's name among the replicas (request-log.ts instanceName): a field of every JSON
   * line, and at the end of every text line of an event.
   */
  instance?: string
  /** Where lines go: stdout by default; tests pass a stream. */
  destination?: DestinationStream
}

/**
 * Characters that change how a line reads without being seen: the bidi embeddings, overrides
 * and isolates (U+202A–U+202E, U+2066–U+2069: "Trojan Source", CVE-2021-42574), the zero-width
 * space, joiners and word joiner (U+200B–U+200D, U+2060) and the BOM (U+FEFF). A request path
 * could otherwise make a line show something it does not say, in a terminal or a log viewer
 * (docs/security.md#s9). logSafe (src/protocol/log-safe.ts) already escapes the control
 * characters; these are written as `\uXXXX` here, for every line of both formats.
 */
const INVISIBLE = /[\u200b-\u200d\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g

function visible(line: string): string {
  return line.replace(INVISIBLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

export function createLogger(options: LoggerOptions): Logger {
  // Request ids are UUIDs, which are token-shaped: kept, so that lines can be joined (no
  // credential of the playground is a UUID: src/protocol/trace-redaction.ts).
  const scrubSecrets = createScrubber(options.secrets, { keepUuids: true })
  const scrub = (message: string) => visible(scrubSecrets(message))
  const writesAsIs = (text: string) => scrub(text) === text
  if (options.format === 'json') {
    const log = pino(
      {
        base: {
          service: 'yuque-oauth-playground',
          ...(options.instance === undefined ? {} : { instance: scrub(options.instance) }),
        },
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
      },
      options.destination ?? pino.destination({ dest: 1, sync: false }),
    )
    return {
      format: 'json',
      info: (message) => log.info(scrub(message)),
      warn: (message) => log.warn(scrub(message)),
      error: (message) => log.error(scrub(message)),
      event: (level, message, fields = {}) => {
        const scrubbed: Record<string, string | number | boolean | null> = {}
        for (const name in fields) {
          const value = fields[name] ?? null
          scrubbed[name] = typeof value === 'string' ? scrub(value) : value
        }
        log[level](scrubbed, scrub(message))
      },
      writesAsIs,
      flush: () => new Promise<void>((resolve) => log.flush(() => resolve())),
    }
  }
  const textTail = options.instance === undefined ? '' : ` instance=${options.instance}`
  const write = (level: LogLevel, message: string) => {
    const line = `${level === 'info' ? '' : `${level}: `}${scrub(message)}\n`
    if (options.destination !== undefined) options.destination.write(line)
    else if (level === 'info') process.stdout.write(line)
    else process.stderr.write(line)
  }
  return {
    format: 'text',
    info: (message) => write('info', message),
    warn: (message) => write('warn', message),
    error: (message) => write('error', message),
    event: (level, message) => write(level, `${message}${textTail}`),
    writesAsIs,
    flush: async () => undefined,
  }
}
