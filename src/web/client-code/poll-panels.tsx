/** The client-code page's polling panel and its end states (poll-state.ts decides which). */
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { UseMutationResult } from '@tanstack/react-query'
import type { ClientCodePollResponse } from '../../protocol/playground-api'
import { formatDuration, formatNumber } from '../i18n/format'
import { useLocale, useMessages } from '../i18n/use-messages'
import type { LaunchState } from './launch'
import { clientCodeMessages } from './messages'
import {
  describePollError,
  elapsedProgress,
  formatStopwatch,
  nextPollCountdown,
  type PollRound,
  type PollView,
} from './poll-state'

/** Re-renders every `periodMs` while `isTicking`, for the countdown and the elapsed time. */
function useNow(isTicking: boolean, periodMs = 250): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!isTicking) return
    const timer = window.setInterval(() => setNow(Date.now()), periodMs)
    return () => window.clearInterval(timer)
  }, [isTicking, periodMs])
  return now
}

export function PollingPanel({
  launch,
  round,
  view,
  isFetching,
  lastSettledAt,
  onCancel,
}: {
  launch: LaunchState
  round: PollRound
  view: Extract<PollView, { kind: 'waiting' }>
  isFetching: boolean
  lastSettledAt: number
  onCancel: () => void
}) {
  const m = useMessages('clientCode', clientCodeMessages)
  const locale = useLocale()
  const { start } = launch
  const now = useNow(true)
  // The whole wait, as the attempt count has it ("21 of 40" beside "1:03 / 2:00"): the rounds
  // before this one count as the polls they made, not the time before Keep waiting was pressed.
  const progress = elapsedProgress(
    round.startedAt - round.startAttempt * start.intervalMs,
    now,
    start.intervalMs,
    round.maxAttempts,
  )
  const secondsLeft = nextPollCountdown(lastSettledAt, start.intervalMs, now)
  const lastError = view.lastError === null ? null : describePollError(view.lastError, m.errors)
  const cancelRef = useRef<HTMLButtonElement>(null)
  // After Keep waiting (its button is gone), the wait's own control takes the focus.
  useEffect(() => {
    if (round.startAttempt > 0) cancelRef.current?.focus()
  }, [round.startAttempt])

  return (
    <section className="polling" aria-labelledby="polling-title">
      <h2 id="polling-title" className="visually-hidden">
        {m.polling.heading}
      </h2>
      <div className="polling-figures">
        {/* Announced when a poll answers: every 3 s, not every tick of the countdown. */}
        <p className="polling-attempt" role="status">
          {m.polling.attempt({
            attempt: formatNumber(locale, view.attempt),
            max: formatNumber(locale, view.maxAttempts),
          })}
          <span className="polling-attempt-note">
            {view.attempt === round.startAttempt ? m.polling.nothingYet : m.polling.notYet}
          </span>
        </p>
        <p className="polling-next">
          {isFetching
            ? m.polling.pollingNow
            : m.polling.nextPollIn({ wait: formatDuration(locale, secondsLeft) })}
        </p>
      </div>
      <div className="polling-progress">
        <label htmlFor="polling-elapsed">{m.polling.timeWaited}</label>
        <progress
          id="polling-elapsed"
          max={progress.budgetSeconds}
          value={progress.elapsedSeconds}
          aria-valuetext={m.polling.waitedOf({
            waited: formatDuration(locale, progress.elapsedSeconds),
            budget: formatDuration(locale, progress.budgetSeconds),
          })}
        />
        <span className="polling-clock" aria-hidden="true">
          {formatStopwatch(progress.elapsedSeconds)} / {formatStopwatch(progress.budgetSeconds)}
        </span>
      </div>
      {lastError !== null && (
        <div className="notice notice-warning">
          <p className="notice-title">{m.polling.lastFailed({ title: lastError.title })}</p>
          <p>{lastError.detail}</p>
        </div>
      )}
      <div className="polling-actions">
        {!launch.isTabOpened && (
          <a className="btn btn-primary" href={start.authorizePath} target="_blank" rel="noopener">
            {m.polling.openLink}
          </a>
        )}
        <button type="button" className="btn" onClick={onCancel} ref={cancelRef}>
          {m.polling.cancel}
        </button>
        <p className="field-hint">{launch.isTabOpened ? m.polling.tabHint : m.polling.linkHint}</p>
      </div>
    </section>
  )
}

export function EndState({
  view,
  round,
  intervalMs,
  startAgainHref,
  keepWaiting,
}: {
  view: PollView
  round: PollRound
  intervalMs: number
  startAgainHref: string
  keepWaiting: UseMutationResult<ClientCodePollResponse, Error, void>
}) {
  const m = useMessages('clientCode', clientCodeMessages)
  const locale = useLocale()
  const titleRef = useRef<HTMLParagraphElement>(null)
  // The end state replaces the polling controls (Cancel had the focus): move it to the outcome.
  useEffect(() => {
    titleRef.current?.focus()
  }, [view.kind])

  const startAgain = (
    <Link className="btn btn-primary" to={startAgainHref}>
      {m.end.startAgain}
    </Link>
  )
  const title = (text: string) => (
    <p className="notice-title" ref={titleRef} tabIndex={-1}>
      {text}
    </p>
  )
  switch (view.kind) {
    case 'connected':
      return (
        <div className="notice notice-success" role="status">
          {title(m.end.connectedTitle)}
          <p>{m.end.connectedText}</p>
        </div>
      )
    case 'denied':
      return (
        <div className="notice notice-warning" role="alert">
          {title(m.end.deniedTitle)}
          <p>{m.end.deniedText}</p>
          <p className="notice-actions">{startAgain}</p>
        </div>
      )
    case 'expired': {
      const waited = (round.maxAttempts * intervalMs) / 1000
      return (
        <div className="notice notice-warning" role="alert">
          {title(m.end.expiredTitle({ attempts: formatNumber(locale, view.attempt) }))}
          <p>{m.end.expiredText({ waited: formatDuration(locale, waited) })}</p>
          {keepWaiting.isError && <p>{describePollError(keepWaiting.error, m.errors).detail}</p>}
          <p className="notice-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={keepWaiting.isPending}
              onClick={() => keepWaiting.mutate()}
            >
              {keepWaiting.isPending ? m.end.keepingWaiting : m.end.keepWaiting}
            </button>
            <Link className="btn" to={startAgainHref}>
              {m.end.startAgain}
            </Link>
          </p>
        </div>
      )
    }
    case 'failed': {
      const { title: text, detail } = describePollError(view.error, m.errors)
      return (
        <div className="notice notice-error" role="alert">
          {title(text)}
          <p>{detail}</p>
          <p className="notice-actions">{startAgain}</p>
        </div>
      )
    }
    case 'waiting':
      return null
  }
}
