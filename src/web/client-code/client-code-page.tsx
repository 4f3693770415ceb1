import { useEffect, useMemo, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import type { ClientCodeStartResponse } from '../../protocol/playground-api'
import { ParamsTable } from '../lib/params-table'
import { Checklist, type Step } from '../lib/checklist'
import { connectHref } from '../lib/connect-link'
import { refreshAfterSessionChange } from '../session/account-cache'
import { announceToOtherTabs } from '../session/tab-sync'
import { connectedLabel, grantedText } from '../session/granted-text'
import {
  cancelClientCode,
  clientCodeQueries,
  keepWaitingClientCode,
  pollSnapshot,
} from './client-code-queries'
import { clientCodeMessages } from './messages'
import { useLocale, useMessages } from '../i18n/use-messages'
import { formatDuration, formatNumber } from '../i18n/format'
import { readLaunchState, type LaunchState } from './launch'
import { pollView, type PollRound, type PollView } from './poll-state'
import '../lib/page.css'
import './client-code-page.css'
import { EndState, PollingPanel } from './poll-panels'

type ClientCodeMessages = typeof clientCodeMessages

function paramNote(m: ClientCodeMessages, name: string): string | undefined {
  return Object.hasOwn(m.paramNotes, name)
    ? m.paramNotes[name as keyof ClientCodeMessages['paramNotes']]
    : undefined
}

function buildSteps(launch: LaunchState, view: PollView, m: ClientCodeMessages, every: string) {
  const steps: Step[] = [
    { label: m.steps.signed, status: 'done', detail: m.steps.signedDetail },
    launch.isTabOpened
      ? { label: m.steps.tabOpened, status: 'done', detail: m.steps.tabOpenedDetail }
      : { label: m.steps.tabBlocked, status: 'failed', detail: m.steps.tabBlockedDetail },
    {
      label: m.steps.polling({ every }),
      status: view.kind === 'waiting' ? 'active' : view.kind === 'connected' ? 'done' : 'failed',
      detail: m.steps.pollingDetail[view.kind],
    },
    {
      label: connectedLabel(),
      status: view.kind === 'connected' ? 'done' : 'skipped',
      ...(view.kind === 'connected'
        ? { detail: grantedText(view.scope, view.requestedScope, m.none) }
        : {}),
    },
  ]
  return steps
}

function SignedRequest({ start }: { start: ClientCodeStartResponse }) {
  const m = useMessages('clientCode', clientCodeMessages)
  const { signing } = start
  return (
    <section className="card signed-request" aria-labelledby="signed-title">
      <h2 id="signed-title">{m.signed.heading}</h2>
      <p className="field-hint">{m.signed.intro({ amp: <code>&amp;</code> })}</p>
      <ParamsTable
        caption={m.signed.caption}
        rows={Object.entries(signing.params).map(([name, value]) => ({
          name,
          value,
          note: paramNote(m, name),
        }))}
      />
      <dl className="signing">
        <div>
          <dt>{m.signed.baseString}</dt>
          <dd>
            <code className="signing-value">{signing.baseString}</code>
          </dd>
        </div>
        <div>
          <dt>{m.signed.algorithm}</dt>
          <dd className="mono">
            {m.signed.algorithmLine({ clientId: signing.params.client_id ?? '' })}
          </dd>
        </div>
        <div>
          <dt>{m.signed.sign}</dt>
          <dd>
            <code className="signing-value">{signing.sign}</code>
          </dd>
        </div>
      </dl>
      <div className="notice notice-info">
        <p className="notice-title">{m.signed.secretTitle}</p>
        <p>{m.signed.secretText}</p>
      </div>
    </section>
  )
}

function WaitingScreen({ launch }: { launch: LaunchState }) {
  const { start, scopes } = launch
  const m = useMessages('clientCode', clientCodeMessages)
  const locale = useLocale()
  const client = useQueryClient()
  const navigate = useNavigate()
  const [round, setRound] = useState<PollRound>(() => ({
    startAttempt: 0,
    maxAttempts: start.maxAttempts,
    startedAt: launch.startedAt,
  }))
  const plan = {
    attemptId: start.signing.sign,
    intervalMs: start.intervalMs,
    startAttempt: round.startAttempt,
    maxAttempts: round.maxAttempts,
  }
  const pollOptions = clientCodeQueries.poll(plan)
  const poll = useQuery(pollOptions)
  // The observer's result lacks the update counts; this render was caused by the same state.
  const view = pollView(pollSnapshot(client.getQueryState(pollOptions.queryKey), plan))
  const [mountedAt] = useState(() => Date.now())
  const lastSettledAt = Math.max(poll.dataUpdatedAt, poll.errorUpdatedAt, mountedAt)
  const startAgainHref = connectHref(null, scopes)
  const keepWaiting = useMutation({
    mutationFn: keepWaitingClientCode,
    onSuccess: (answer) => {
      if (answer.status !== 'pending') return
      setRound({
        startAttempt: answer.attempt,
        maxAttempts: answer.maxAttempts,
        startedAt: Date.now(),
      })
    },
  })

  useEffect(() => {
    if (view.kind !== 'connected') return
    let isCurrent = true
    // The same session as after the authorization-code flow: forget the old account's data.
    announceToOtherTabs('connected')
    void refreshAfterSessionChange(client).then(() => {
      if (isCurrent) void navigate('/me', { replace: true })
    })
    return () => {
      isCurrent = false
    }
  }, [view.kind, client, navigate])

  // Unmounting stops the polling (the interval belongs to the observer); replace, so that Back
  // from the connect page does not return to a cancelled wait and resume it.
  // The proxy forgets the code too, so nothing can redeem it later.
  const cancel = () => {
    void cancelClientCode()
    void navigate(startAgainHref, { replace: true })
  }
  const every = formatDuration(locale, start.intervalMs / 1000)
  // What the page says now: waiting until the wait ends, then how it ended.
  const heading = m.headings[view.kind]

  return (
    <div className="page page-narrow client-code-page">
      <title>{m.title({ heading })}</title>
      <header className="page-head">
        <h1>{heading}</h1>
        <p className="lede">
          {m.lede({
            every,
            // The budget as it stands: "Keep waiting" raises it, and the count and clock with it.
            attempts: formatNumber(locale, round.maxAttempts),
            scope: <code>{start.scope || m.none}</code>,
          })}
        </p>
      </header>
      <div className="card waiting">
        <Checklist steps={buildSteps(launch, view, m, every)} />
        {view.kind === 'waiting' ? (
          <PollingPanel
            launch={launch}
            round={round}
            view={view}
            isFetching={poll.isFetching}
            lastSettledAt={lastSettledAt}
            onCancel={cancel}
          />
        ) : (
          <EndState
            view={view}
            round={round}
            intervalMs={start.intervalMs}
            startAgainHref={startAgainHref}
            keepWaiting={keepWaiting}
          />
        )}
      </div>
      <SignedRequest start={start} />
    </div>
  )
}

export function ClientCodePage() {
  const location = useLocation()
  const launch = useMemo(() => readLaunchState(location.state), [location.state])
  const m = useMessages('clientCode', clientCodeMessages)
  if (launch === null) {
    return (
      <div className="page page-narrow">
        <title>{m.noFlowTitle}</title>
        <header className="page-head">
          <h1>{m.noFlowHeading}</h1>
        </header>
        <div className="notice notice-info">
          <p>{m.noFlowText}</p>
          <p className="notice-actions">
            <Link className="btn btn-primary" to="/">
              {m.connect}
            </Link>
          </p>
        </div>
      </div>
    )
  }
  // A new start (a new signature) is a new flow: fresh timers and focus.
  return <WaitingScreen key={launch.start.signing.sign} launch={launch} />
}
