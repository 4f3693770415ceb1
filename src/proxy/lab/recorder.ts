/**
 * The one way a flow lab run calls the service (docs/architecture.md#the-flow-labs-scenarios):
 * each call is performed through the proxy's upstream client (no redirect followed, a time-out,
 * a size cap: docs/security.md#c3) and recorded at once as a flow-inspector step (trace.ts), from
 * the same list of parameters that made the request, so the two cannot differ. Secret values are
 * placeholders by construction (a parameter's `shown`); every secret the run handled is noted
 * here, and the run's answer is redacted of all of them at the end (lab-redaction.ts).
 */
import {
  PLACEHOLDERS,
  type TraceField,
  type TraceResponse,
  type TraceStep,
} from '../../protocol/trace'
import { MAX_UPSTREAM_BYTES } from '../context'
import { pickHeaders } from '../flow-trace'
import { UpstreamError, type Upstream, type UpstreamResponse } from '../api/upstream'

/** A parameter as sent, and as shown when it is a secret (a placeholder field). */
export interface LabParam {
  name: string
  value: string
  shown?: TraceField
}

export interface Outgoing {
  kind: TraceStep['kind']
  title: string
  method: 'GET' | 'POST'
  /** The address without the parameters. */
  url: URL
  /** Query parameters (GET) or a form-encoded body (POST). */
  params: readonly LabParam[]
  headers: Record<string, string>
  notes?: string[]
  /** This call's own time-out; the run's otherwise. */
  timeoutMs?: number
  /** The response headers the step shows, those present. */
  showHeaders?: readonly string[]
  /** The response's fields as the step shows them: secrets described, never copied. */
  summarise?: (response: UpstreamResponse) => TraceField[]
}

/** How a call ended: an answer, or none (a time-out, a refused or dropped connection). */
export type Sent =
  | { ok: true; response: UpstreamResponse; durationMs: number; step: TraceStep }
  | { ok: false; failure: UpstreamError; durationMs: number; step: TraceStep }

/** Headers that stand for a secret in a step: the token's, and the browser's cookies. */
export const COOKIE_PLACEHOLDER = '$SERVICE_COOKIES'

function shownHeaders(headers: Record<string, string>): TraceField[] {
  return Object.entries(headers).map(([name, value]) => {
    const lower = name.toLowerCase()
    if (lower === 'cookie') {
      return {
        name,
        value: COOKIE_PLACEHOLDER,
        redacted: 'value',
        note: 'The cookies the service set on its own pages during this run (its sign-in session); the run signs out at the end.',
      }
    }
    if (lower === 'x-auth-token') {
      return {
        name,
        value: PLACEHOLDERS.token,
        redacted: 'value',
        note: 'The run’s own token: used within this run only, never stored, and revoked at its end.',
      }
    }
    return { name, value }
  })
}

/** The request URL of a call: the address with its query parameters, in their order. */
export function requestUrlOf(out: Pick<Outgoing, 'method' | 'url' | 'params'>): URL {
  const url = new URL(out.url)
  if (out.method === 'GET')
    for (const { name, value } of out.params) url.searchParams.append(name, value)
  return url
}

export class Recorder {
  readonly steps: TraceStep[] = []
  readonly secrets: string[] = []
  private pendingNotes: string[] = []

  constructor(
    private readonly upstream: Upstream,
    private readonly timeoutMs: number,
  ) {}

  /** Values the run handled that must never appear in its answer. */
  secret(...values: (string | null | undefined)[]): void {
    for (const value of values) if (value) this.secrets.push(value)
  }

  /** A note for the next step: what the run did besides calling the service (test control). */
  note(text: string): void {
    this.pendingNotes.push(text)
  }

  /** A step of the client's own, with no call (a check it made). */
  add(step: TraceStep): TraceStep {
    const withNotes = { ...step, notes: [...this.takeNotes(), ...step.notes] }
    this.steps.push(withNotes)
    return withNotes
  }

  /** The notes no step took yet, as a last step of their own. */
  flush(title: string): void {
    if (this.pendingNotes.length > 0)
      this.add({ kind: 'session', title, outcome: 'info', notes: [] })
  }

  private takeNotes(): string[] {
    const notes = this.pendingNotes
    this.pendingNotes = []
    return notes
  }

  /** Performs the call and records its step (outcome `info` until the caller judges it). */
  async send(out: Outgoing): Promise<Sent> {
    const headers =
      out.method === 'POST'
        ? { 'Content-Type': 'application/x-www-form-urlencoded', ...out.headers }
        : out.headers
    const step: TraceStep = {
      kind: out.kind,
      title: out.title,
      outcome: 'info',
      notes: [...this.takeNotes(), ...(out.notes ?? [])],
      request: {
        method: out.method,
        url: out.url.href,
        paramsIn: out.method === 'GET' ? 'query' : 'form',
        params: out.params.map(({ name, value, shown }) => shown ?? { name, value }),
        headers: shownHeaders(headers),
      },
    }
    this.steps.push(step)
    const body =
      out.method === 'POST'
        ? new URLSearchParams(out.params.map(({ name, value }) => [name, value])).toString()
        : undefined
    const timeoutMs = out.timeoutMs ?? this.timeoutMs
    const started = performance.now()
    try {
      const response = await this.upstream({
        method: out.method,
        url: requestUrlOf(out),
        headers,
        ...(body === undefined ? {} : { body }),
        timeoutMs,
        maxBytes: MAX_UPSTREAM_BYTES,
      })
      const durationMs = performance.now() - started
      step.response = summary(out, response, durationMs)
      return { ok: true, response, durationMs, step }
    } catch (error) {
      const durationMs = performance.now() - started
      const failure =
        error instanceof UpstreamError
          ? error
          : new UpstreamError('unreachable', error instanceof Error ? error.name : 'failed')
      step.outcome = 'failed'
      step.notes.push(
        failure.kind === 'timeout'
          ? `No answer within ${timeoutMs} ms: the client gave up.`
          : failure.kind === 'too_large'
            ? 'The answer was larger than the client accepts.'
            : 'The connection closed without an answer.',
      )
      return { ok: false, failure, durationMs, step }
    }
  }
}

function summary(out: Outgoing, response: UpstreamResponse, durationMs: number): TraceResponse {
  return {
    status: response.status,
    durationMs: Math.round(durationMs),
    headers: pickHeaders(response.headers, out.showHeaders ?? ['Content-Type']),
    fields: out.summarise?.(response) ?? [],
  }
}
