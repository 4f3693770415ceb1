import { queryOptions, type QueryState } from '@tanstack/react-query'
import { z } from 'zod/mini'
import {
  ClientCodePollResponseSchema,
  ClientCodeStartResponseSchema,
  type ClientCodePollResponse,
  type ClientCodeStartRequest,
  type ClientCodeStartResponse,
} from '../../protocol/playground-api'
import { postJson } from '../lib/api-client'
import { isPolling, pollView, type PollSnapshot } from './poll-state'

/** The proxy makes the code, signs the authorize request and keeps both in an HttpOnly cookie. */
export async function startClientCode(
  request: ClientCodeStartRequest,
): Promise<ClientCodeStartResponse> {
  const { data } = await postJson('/auth/client-code/start', request, ClientCodeStartResponseSchema)
  return data
}

/** One token request through the proxy; the server counts it against the attempt budget. */
export async function pollClientCode(): Promise<ClientCodePollResponse> {
  const { data } = await postJson('/auth/client-code/poll', {}, ClientCodePollResponseSchema)
  return data
}

/**
 * "Keep waiting": the server grants another budget of polls for the same code (the user may
 * still be answering the consent page); it answers the attempt's count and its new budget.
 */
export async function keepWaitingClientCode(): Promise<ClientCodePollResponse> {
  const { data } = await postJson(
    '/auth/client-code/keep-waiting',
    {},
    ClientCodePollResponseSchema,
  )
  return data
}

/** Ends the attempt on the server as well; a failure leaves only a cookie that expires by itself. */
export async function cancelClientCode(): Promise<void> {
  await postJson('/auth/client-code/cancel', {}, z.unknown()).catch(() => undefined)
}

/** What the state machine reads from the poll query's state (the observer's result lacks the counts). */
export function pollSnapshot(
  state: QueryState<ClientCodePollResponse> | undefined,
  plan: Pick<PollPlan, 'startAttempt' | 'maxAttempts'>,
): PollSnapshot {
  return {
    data: state?.data,
    error: state?.error ?? null,
    pollsSent: (state?.dataUpdateCount ?? 0) + (state?.errorUpdateCount ?? 0),
    startAttempt: plan.startAttempt,
    maxAttempts: plan.maxAttempts,
  }
}

export interface PollPlan {
  /** Tells one started flow from the next (its signature: a fresh code signs differently). */
  attemptId: string
  intervalMs: number
  /** The server's count when this round of polls began (0, or more after "Keep waiting"). */
  startAttempt: number
  maxAttempts: number
}

/**
 * The poll is a query although it POSTs: a query brings exactly what polling needs.
 * - `refetchInterval`: one poll per interval, computed from the last answer, so it stops by
 *   itself at a terminal state (connected, denied, expired, or an error polling cannot fix).
 * - No overlap: the interval's fetch joins a fetch still in flight instead of starting another,
 *   and the timer restarts when a poll settles, so the next one leaves a full interval later.
 * - Cancellation: the timer belongs to the mounted observer; leaving the page (Cancel, Back)
 *   stops the polling with no cleanup code.
 * A mutation has none of these; it would need a hand-written timer loop.
 *
 * Every poll spends one of the server-counted attempts, so only the timer may send one:
 * nothing on mount (the seeded "attempt 0" is true: nothing was polled yet, and a poll at once
 * could only say "not approved yet"), focus or reconnect, and no retry: a failed poll just
 * counts, and the next interval is the retry.
 */
export const clientCodeQueries = {
  all: () => ['client-code'] as const,
  poll: (plan: PollPlan) =>
    queryOptions({
      queryKey: [...clientCodeQueries.all(), 'poll', plan.attemptId, plan.startAttempt] as const,
      queryFn: () => pollClientCode(),
      initialData: (): ClientCodePollResponse => ({
        status: 'pending',
        attempt: plan.startAttempt,
        maxAttempts: plan.maxAttempts,
      }),
      // The first poll's countdown starts when the waiting screen does.
      initialDataUpdatedAt: () => Date.now(),
      staleTime: Infinity,
      refetchOnMount: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      retry: false,
      refetchInterval: (query) => {
        const view = pollView(pollSnapshot(query.state, plan))
        return isPolling(view) ? plan.intervalMs : false
      },
      // Polls on while this tab is hidden: during the approval the user looks at the OTHER tab
      // (the authorize page), so this tab is hidden exactly when polling matters. Pausing would
      // miss the approval until the user came back, and the server's budget (20 polls) bounds
      // what a forgotten tab can send. Chromium throttles hidden tabs' timers to once a second
      // (once a minute only after 5 minutes hidden), which a 3 s interval does not notice.
      refetchIntervalInBackground: true,
    }),
}
