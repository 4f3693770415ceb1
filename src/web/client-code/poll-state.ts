/**
 * The waiting screen's state machine, as pure functions over what the poll query holds: which
 * answer ends the flow, which failure is worth the next poll, and the countdown and progress
 * arithmetic. The page renders whatever `pollView` says.
 */
import type { ClientCodePollResponse } from '../../protocol/playground-api'
import { isApiError } from '../lib/api-error'
import type { clientCodeMessages } from './messages'

/** What the poll query knows, read from TanStack Query's `query.state` (or the hook's result). */
export interface PollSnapshot {
  data: ClientCodePollResponse | undefined
  /** The last poll's error; null once a later poll succeeded. */
  error: unknown
  /** Polls this page sent and saw answered or failed (`dataUpdateCount + errorUpdateCount`). */
  pollsSent: number
  /** Polls the server had counted when this round began: 0, or more after "Keep waiting". */
  startAttempt: number
  /** The server's budget of polls for the attempt, this round included. */
  maxAttempts: number
}

export type PollView =
  | {
      kind: 'waiting'
      /** Polls made so far, as the server counts them (or as sent, when it could not count). */
      attempt: number
      maxAttempts: number
      /** The last poll failed in a way the next poll may get past (shown, polling goes on). */
      lastError: unknown
    }
  | { kind: 'connected'; attempt: number; scope: string; requestedScope: string }
  | { kind: 'denied'; attempt: number }
  | { kind: 'expired'; attempt: number; reason: string }
  | { kind: 'failed'; attempt: number; error: unknown }

/**
 * Failures the proxy says the next interval may get past ("Polling goes on at the next
 * interval"): the service did not answer in time or at all, or the playground server itself did
 * not answer. Anything else (no attempt in progress, the code refused, a malformed answer) ends
 * the flow: polling again would get the same answer.
 */
export function isTransientPollError(error: unknown): boolean {
  if (!isApiError(error)) return false
  if (error.kind === 'network') return true
  return error.proxyCode === 'upstream_timeout' || error.proxyCode === 'upstream_unreachable'
}

export function pollView(snapshot: PollSnapshot): PollView {
  const { data, error, pollsSent, startAttempt, maxAttempts } = snapshot
  const attempt = Math.max(data?.attempt ?? 0, startAttempt + pollsSent)
  if (data !== undefined && data.status !== 'pending' && error === null) {
    switch (data.status) {
      case 'connected':
        return {
          kind: 'connected',
          attempt,
          scope: data.scope,
          requestedScope: data.requestedScope,
        }
      case 'denied':
        return { kind: 'denied', attempt }
      case 'expired':
        return { kind: 'expired', attempt: data.attempt, reason: data.reason }
    }
  }
  if (error !== null && error !== undefined && !isTransientPollError(error)) {
    return { kind: 'failed', attempt, error }
  }
  // The server answers `expired` on the poll after its last one; this is the same limit for
  // polls that never reached it (the playground server was down), so the page stops as well.
  if (startAttempt + pollsSent > maxAttempts) {
    return {
      kind: 'expired',
      attempt: maxAttempts,
      reason: `No approval after ${maxAttempts} polls; the code is no longer polled.`,
    }
  }
  return { kind: 'waiting', attempt, maxAttempts, lastError: error ?? null }
}

export function isPolling(view: PollView): boolean {
  return view.kind === 'waiting'
}

/**
 * When TanStack Query sends the next poll: its `refetchInterval` timer restarts whenever the
 * query's state changes, so the next poll leaves one interval after the last one settled.
 */
export function nextPollAt(lastSettledAt: number, intervalMs: number): number {
  return lastSettledAt + intervalMs
}

/** Whole seconds until `at`, never below 0 (a poll due now shows "0 s" until it leaves). */
export function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000))
}

/**
 * The "next poll in n s" figure. `now` comes from a ticking clock and may be older than the
 * answer that just re-rendered the page: counting from the answer keeps it at most one interval.
 */
export function nextPollCountdown(lastSettledAt: number, intervalMs: number, now: number): number {
  return secondsUntil(nextPollAt(lastSettledAt, intervalMs), Math.max(now, lastSettledAt))
}

/** One round of polls: the first from the launch, one more per "Keep waiting". */
export interface PollRound {
  startAttempt: number
  maxAttempts: number
  /** Epoch ms the round's clock starts: the tab opened (or its link was shown), or Keep waiting. */
  startedAt: number
}

export interface ElapsedProgress {
  elapsedSeconds: number
  budgetSeconds: number
  /** 0…1, for the progress bar. */
  fraction: number
}

/** Time since the round started (the tab opened, or Keep waiting) against its budget (polls × interval). */
export function elapsedProgress(
  startedAt: number,
  now: number,
  intervalMs: number,
  maxAttempts: number,
): ElapsedProgress {
  const budgetMs = intervalMs * maxAttempts
  const elapsedMs = Math.min(Math.max(0, now - startedAt), budgetMs)
  return {
    elapsedSeconds: Math.floor(elapsedMs / 1000),
    budgetSeconds: Math.round(budgetMs / 1000),
    fraction: budgetMs === 0 ? 1 : elapsedMs / budgetMs,
  }
}

/** `m:ss`, as a stopwatch shows it (read out in words through i18n/format.ts). */
export function formatStopwatch(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

export interface PollErrorDescription {
  title: string
  /** What to do next; the proxy's own message (server text, English) where it says it best. */
  detail: string
}

type ErrorMessages = (typeof clientCodeMessages)['errors']

/** A failed poll in words: what happened and what to do next. */
export function describePollError(error: unknown, m: ErrorMessages): PollErrorDescription {
  if (!isApiError(error)) {
    const message = error instanceof Error ? error.message : String(error)
    return { title: m.page, detail: `${message} ${m.startAgain}` }
  }
  if (error.kind === 'network') return m.network
  if (error.kind === 'invalid-response') return { title: m.invalidResponse, detail: error.message }
  switch (error.proxyCode) {
    case 'upstream_timeout':
      return { title: m.timeout, detail: error.message }
    case 'upstream_unreachable':
      return { title: m.unreachable, detail: error.message }
    case 'no_client_code':
      return { title: m.noClientCode, detail: error.message }
    case 'exchange_failed':
      return { title: m.refused, detail: error.message }
    case 'upstream_invalid':
      return { title: m.upstreamInvalid, detail: `${error.message} ${m.startAgain}` }
    case 'csrf':
      return { title: m.csrf, detail: `${error.message} ${m.reload}` }
    default:
      return { title: m.other({ status: error.status }), detail: error.message }
  }
}
