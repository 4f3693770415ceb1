/** The client-code page's polling panel and its end states (poll-state.ts decides which). */
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { LaunchState } from './launch'
import {
  describePollError,
  elapsedProgress,
  formatDuration,
  nextPollCountdown,
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
  view,
  isFetching,
  lastSettledAt,
  onCancel,
}: {
  launch: LaunchState
  view: Extract<PollView, { kind: 'waiting' }>
  isFetching: boolean
  lastSettledAt: number
  onCancel: () => void
}) {
  const { start, startedAt } = launch
  const now = useNow(true)
  const progress = elapsedProgress(startedAt, now, start.intervalMs, start.maxAttempts)
  const secondsLeft = nextPollCountdown(lastSettledAt, start.intervalMs, now)
  const lastError = view.lastError === null ? null : describePollError(view.lastError)

  return (
    <section className="polling" aria-labelledby="polling-title">
      <h2 id="polling-title" className="visually-hidden">
        Polling
      </h2>
      <div className="polling-figures">
        {/* Announced when a poll answers: every 3 s, not every tick of the countdown. */}
        <p className="polling-attempt" role="status">
          Attempt {view.attempt} of {view.maxAttempts}
          <span className="polling-attempt-note">
            {view.attempt === 0 ? ': nothing polled yet' : ': not approved yet'}
          </span>
        </p>
        <p className="polling-next">
          {isFetching ? 'Polling now…' : `Next poll in ${secondsLeft} s`}
        </p>
      </div>
      <div className="polling-progress">
        <label htmlFor="polling-elapsed">Time waited</label>
        <progress
          id="polling-elapsed"
          max={progress.budgetSeconds}
          value={progress.elapsedSeconds}
          aria-valuetext={`${formatDuration(progress.elapsedSeconds)} of about ${formatDuration(progress.budgetSeconds)}`}
        />
        <span className="polling-clock" aria-hidden="true">
          {formatDuration(progress.elapsedSeconds)} / {formatDuration(progress.budgetSeconds)}
        </span>
      </div>
      {lastError !== null && (
        <div className="notice notice-warning">
          <p className="notice-title">The last poll failed: {lastError.title.toLowerCase()}</p>
          <p>{lastError.detail}</p>
        </div>
      )}
      <div className="polling-actions">
        {!launch.isTabOpened && (
          <a className="btn btn-primary" href={start.authorizePath} target="_blank" rel="noopener">
            Open the authorization page
          </a>
        )}
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <p className="field-hint">
          {launch.isTabOpened
            ? 'Closed that tab? Cancel and start again: every sign-in needs a fresh code.'
            : 'It opens in a new tab; this page keeps polling meanwhile.'}
        </p>
      </div>
    </section>
  )
}

export function EndState({ view, startAgainHref }: { view: PollView; startAgainHref: string }) {
  const titleRef = useRef<HTMLParagraphElement>(null)
  // The end state replaces the polling controls (Cancel had the focus): move it to the outcome.
  useEffect(() => {
    titleRef.current?.focus()
  }, [view.kind])

  const startAgain = (
    <p className="notice-actions">
      <Link className="btn btn-primary" to={startAgainHref}>
        Start again
      </Link>
    </p>
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
          {title('Approved: connected')}
          <p>Taking you to your profile…</p>
        </div>
      )
    case 'denied':
      return (
        <div className="notice notice-warning" role="alert">
          {title('You declined to connect')}
          <p>
            The consent page was answered with Deny, so the service issued no token and the
            playground has no access. The code is spent; starting again makes a new one.
          </p>
          {startAgain}
        </div>
      )
    case 'expired':
      return (
        <div className="notice notice-warning" role="alert">
          {title(`No approval after ${view.attempt} polls`)}
          <p>
            {view.reason} The official client gives up after the same budget. Start again for a
            fresh code, and answer the consent page within about a minute.
          </p>
          {startAgain}
        </div>
      )
    case 'failed': {
      const { title: text, detail } = describePollError(view.error)
      return (
        <div className="notice notice-error" role="alert">
          {title(text)}
          <p>{detail}</p>
          {startAgain}
        </div>
      )
    }
    case 'waiting':
      return null
  }
}
