/**
 * The inspector's model: the recorded entries parsed (storage and headers are not trusted),
 * grouped by connection, and the place of the current connection in its sequence diagram.
 */
import { z } from 'zod/mini'
import { parseTraceHeader, type ProxyTrace } from '../../protocol/trace'

const CallbackRecordSchema = z.object({
  kind: z.literal('callback'),
  at: z.number(),
  result: z.enum(['code', 'error', 'invalid']),
  verdict: z.enum(['match', 'missing', 'unknown', 'used']),
  error: z.optional(/* @__PURE__ */ z.string().check(z.maxLength(64))),
  stateStart: z.optional(/* @__PURE__ */ z.string().check(z.maxLength(16))),
})
export type CallbackEntry = z.infer<typeof CallbackRecordSchema>

export type TimelineEntry =
  { kind: 'call'; key: string; at: number; trace: ProxyTrace } | (CallbackEntry & { key: string })

export type Flow = 'authorization-code' | 'client-code'

export interface Connection {
  key: string
  /** null: the calls made before any connection started in this tab. */
  flow: Flow | null
  startedAt: number
  entries: TimelineEntry[]
}

/** Parses what was recorded; anything unreadable is left out (and counted). */
export function parseTimeline(raw: readonly unknown[]): {
  entries: TimelineEntry[]
  skipped: number
} {
  const entries: TimelineEntry[] = []
  raw.forEach((item, index) => {
    const key = String(index)
    if (typeof item === 'string') {
      const trace = parseTraceHeader(item)
      if (trace !== null) entries.push({ kind: 'call', key, at: trace.call.at, trace })
      return
    }
    const callback = z.safeParse(CallbackRecordSchema, item)
    if (callback.success) entries.push({ ...callback.data, key })
  })
  return { entries, skipped: raw.length - entries.length }
}

const FLOW_STARTS: Record<string, Flow> = {
  '/auth/start': 'authorization-code',
  '/auth/client-code/start': 'client-code',
}

/** A new connection begins at each start of a login: its steps are grouped under it. */
export function groupByConnection(entries: readonly TimelineEntry[]): Connection[] {
  const groups: Connection[] = []
  for (const entry of entries) {
    const flow = entry.kind === 'call' ? FLOW_STARTS[entry.trace.call.path] : undefined
    let current = groups.at(-1)
    if (current === undefined || flow !== undefined) {
      current = { key: entry.key, flow: flow ?? null, startedAt: entry.at, entries: [] }
      groups.push(current)
    }
    current.entries.push(entry)
  }
  return groups
}

export type StepState = 'done' | 'current' | 'failed' | 'upcoming'

/** One arrow of the diagram; its label is in the catalogs (messages.ts `steps`), by flow and id. */
export interface DiagramStep {
  id: string
  from: Lane
  to: Lane
}

export type Lane = 'browser' | 'proxy' | 'service'

/** The steps both flows share: opening the login, the authorize page, and after the token. */
const START: DiagramStep = { id: 'start', from: 'browser', to: 'proxy' }
const AUTHORIZE: DiagramStep = { id: 'authorize', from: 'browser', to: 'service' }
const CONNECTED: DiagramStep[] = [
  { id: 'session', from: 'proxy', to: 'browser' },
  { id: 'api', from: 'proxy', to: 'service' },
]

export const AUTHORIZATION_CODE_STEPS: DiagramStep[] = [
  START,
  AUTHORIZE,
  { id: 'redirect', from: 'service', to: 'browser' },
  { id: 'state', from: 'browser', to: 'browser' },
  { id: 'exchange', from: 'browser', to: 'proxy' },
  { id: 'token', from: 'proxy', to: 'service' },
  ...CONNECTED,
]

export const CLIENT_CODE_STEPS: DiagramStep[] = [
  START,
  { id: 'sign', from: 'proxy', to: 'proxy' },
  AUTHORIZE,
  { id: 'poll', from: 'proxy', to: 'service' },
  ...CONNECTED,
]

export interface Progress {
  flow: Flow
  steps: DiagramStep[]
  states: StepState[]
  /** Index of the highlighted step; -1 when the flow has not started. */
  current: number
  /** Polls seen (client-code flow). */
  polls: number
}

const stepOf = (trace: ProxyTrace, kind: string) => trace.steps.find((step) => step.kind === kind)

/**
 * Where a connection stands: each recorded step marks its arrows done (or failed) and moves the
 * highlight to the next one. A failure stops the walk there.
 */
export function progressOf(connection: Connection | undefined): Progress {
  const flow = connection?.flow ?? 'authorization-code'
  const steps = flow === 'client-code' ? CLIENT_CODE_STEPS : AUTHORIZATION_CODE_STEPS
  const states: StepState[] = steps.map(() => 'upcoming')
  let polls = 0
  if (connection === undefined || connection.flow === null) {
    return { flow, steps, states, current: -1, polls }
  }
  const index = (id: string) => steps.findIndex((step) => step.id === id)
  let reached = 0
  let failedAt = -1
  /** Marks every step up to `id` done; the next one becomes current. */
  const doneThrough = (id: string) => {
    reached = Math.max(reached, index(id) + 1)
  }
  const failAt = (id: string) => {
    failedAt = index(id)
    reached = failedAt
  }
  for (const entry of connection.entries) {
    if (failedAt !== -1) break
    if (entry.kind === 'callback') {
      if (entry.result === 'code' && entry.verdict === 'match') doneThrough('state')
      else if (entry.result === 'error') failAt('redirect')
      else failAt('state')
      continue
    }
    const { trace } = entry
    const path = trace.call.path
    if (path === '/auth/start' || path === '/auth/client-code/start') {
      if (trace.call.status === 200) doneThrough(flow === 'client-code' ? 'sign' : 'start')
      else failAt('start')
    } else if (path === '/auth/exchange') {
      const check = stepOf(trace, 'state-check')
      const exchange = stepOf(trace, 'exchange')
      if (check?.outcome === 'failed') failAt('state')
      else if (exchange?.outcome === 'passed' && trace.call.status === 200) doneThrough('session')
      else failAt('token')
    } else if (path === '/auth/client-code/poll') {
      polls += 1
      const poll = stepOf(trace, 'poll')
      if (poll?.outcome === 'passed' && trace.call.status === 200) doneThrough('session')
      else if (poll?.outcome === 'pending') doneThrough('authorize')
      else failAt('poll')
    } else if (path.startsWith('/api/') && reached >= index('api')) {
      doneThrough('api')
    }
  }
  steps.forEach((_, i) => {
    if (i === failedAt) states[i] = 'failed'
    else if (i < reached) states[i] = 'done'
  })
  // The last step (API calls) goes on as long as the session does: once reached, it stays current.
  const current = failedAt !== -1 ? failedAt : Math.min(reached, steps.length - 1)
  if (failedAt === -1) states[current] = 'current'
  return { flow, steps, states, current, polls }
}
