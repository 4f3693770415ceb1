import { useEffect, useMemo, useRef, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import type { ClientCodeStartResponse } from '../../protocol/playground-api'
import { ParamsTable } from '../lib/params-table'
import { Checklist, type Step } from '../lib/checklist'
import { connectHref } from '../lib/connect-link'
import { refreshAfterSessionChange } from '../session/account-cache'
import { announceToOtherTabs } from '../session/tab-sync'
import { cancelClientCode, clientCodeQueries, pollSnapshot } from './client-code-queries'
import { readLaunchState, type LaunchState } from './launch'
import { pollView, type PollView } from './poll-state'
import '../lib/page.css'
import './client-code-page.css'
import { EndState, PollingPanel } from './poll-panels'

const PARAM_NOTES: Record<string, string> = {
  client_id: 'the app without a server',
  code: '40 random letters and digits, made by the proxy (masked here)',
  response_type: 'always code',
  scope: 'comma-separated, canonical',
  timestamp: 'milliseconds; the service refuses a stale one',
}

const POLLING_DETAIL: Record<PollView['kind'], string> = {
  waiting:
    'Until you answer, it replies HTTP 400 "authorization code is invalid"; the proxy reports that as pending.',
  connected: 'It answered with a token, which the proxy keeps: this page never sees it.',
  denied: 'It answered access_denied: the consent page was answered with Deny.',
  expired: 'No answer but "not approved yet" within the polling budget.',
  failed: 'Polling stopped: see below.',
}

function buildSteps(launch: LaunchState, view: PollView): Step[] {
  const seconds = launch.start.intervalMs / 1000
  return [
    {
      label: 'The proxy signed the authorize request',
      status: 'done',
      detail: 'With the app’s secret, which stays on the server: see the signed request below.',
    },
    launch.isTabOpened
      ? {
          label: 'The authorize page opened in a new tab',
          status: 'done',
          detail: 'Sign in there and answer the consent page.',
        }
      : {
          label: 'The authorize page could not open in a new tab',
          status: 'failed',
          detail: 'The browser blocked the new tab: open it with the link below.',
        },
    {
      label: `Asking the token endpoint every ${seconds} s whether you approved`,
      status: view.kind === 'waiting' ? 'active' : view.kind === 'connected' ? 'done' : 'failed',
      detail: POLLING_DETAIL[view.kind],
    },
    {
      label: 'Connected',
      status: view.kind === 'connected' ? 'done' : 'skipped',
      ...(view.kind === 'connected'
        ? {
            detail:
              view.scope === view.requestedScope
                ? `Granted scope: ${view.scope || '(none)'}.`
                : `Granted ${view.scope || '(none)'}, fewer than the requested ${view.requestedScope || '(none)'}.`,
          }
        : {}),
    },
  ]
}

function SignedRequest({ start }: { start: ClientCodeStartResponse }) {
  const { signing } = start
  return (
    <section className="card signed-request" aria-labelledby="signed-title">
      <h2 id="signed-title">The signed request</h2>
      <p className="field-hint">
        The five parameters, sorted by name and URL-encoded, joined with <code>&amp;</code>:
      </p>
      <ParamsTable
        caption="Signed authorize parameters"
        rows={Object.entries(signing.params).map(([name, value]) => ({
          name,
          value,
          note: PARAM_NOTES[name],
        }))}
      />
      <dl className="signing">
        <div>
          <dt>string that was signed</dt>
          <dd>
            <code className="signing-value">{signing.baseString}</code>
          </dd>
        </div>
        <div>
          <dt>algorithm</dt>
          <dd className="mono">{signing.algorithm}</dd>
        </div>
        <div>
          <dt>sign</dt>
          <dd>
            <code className="signing-value">{signing.sign}</code>
          </dd>
        </div>
      </dl>
      <div className="notice notice-info">
        <p className="notice-title">The secret stays on the server</p>
        <p>
          Signing needs the app’s client secret. A real app without a server would have to ship it
          inside the app, where anyone can extract it: the spec itself warns that this leaks the
          secret. Here the proxy signs and this page sees only the result. The code is masked
          because, until it is redeemed, whoever holds it can poll for the token.
        </p>
      </div>
    </section>
  )
}

function WaitingScreen({ launch }: { launch: LaunchState }) {
  const { start, scopes } = launch
  const client = useQueryClient()
  const navigate = useNavigate()
  const pollOptions = clientCodeQueries.poll({
    attemptId: start.signing.sign,
    intervalMs: start.intervalMs,
    maxAttempts: start.maxAttempts,
  })
  const poll = useQuery(pollOptions)
  // The observer's result lacks the update counts; this render was caused by the same state.
  const view = pollView(pollSnapshot(client.getQueryState(pollOptions.queryKey), start.maxAttempts))
  const [mountedAt] = useState(() => Date.now())
  const headingRef = useRef<HTMLHeadingElement>(null)
  // A new screen after a click far down the connect page: start reading at its title.
  useEffect(() => {
    headingRef.current?.focus()
  }, [])
  const lastSettledAt = Math.max(poll.dataUpdatedAt, poll.errorUpdatedAt, mountedAt)
  const startAgainHref = connectHref(null, scopes)

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

  return (
    <div className="page page-narrow client-code-page">
      <title>Waiting for approval · Yuque OAuth Playground</title>
      <header className="page-head">
        <h1 ref={headingRef} tabIndex={-1}>
          Waiting for your approval
        </h1>
        <p className="lede">
          An app without a server has no address the service could send you back to, so nothing
          redirects here. Instead this page asks the token endpoint every {start.intervalMs / 1000}{' '}
          s whether you approved, up to {start.maxAttempts} times. Scope requested:{' '}
          <code>{start.scope || '(none)'}</code>.
        </p>
      </header>
      <div className="card waiting">
        <Checklist steps={buildSteps(launch, view)} />
        {view.kind === 'waiting' ? (
          <PollingPanel
            launch={launch}
            view={view}
            isFetching={poll.isFetching}
            lastSettledAt={lastSettledAt}
            onCancel={cancel}
          />
        ) : (
          <EndState view={view} startAgainHref={startAgainHref} />
        )}
      </div>
      <SignedRequest start={start} />
    </div>
  )
}

export function ClientCodePage() {
  const location = useLocation()
  const launch = useMemo(() => readLaunchState(location.state), [location.state])
  if (launch === null) {
    return (
      <div className="page page-narrow">
        <title>Client-code flow · Yuque OAuth Playground</title>
        <header className="page-head">
          <h1>No sign-in in progress</h1>
        </header>
        <div className="notice notice-info">
          <p>
            This page follows a client-code sign-in started from the Connect page, in this tab. None
            is in progress here.
          </p>
          <p className="notice-actions">
            <Link className="btn btn-primary" to="/">
              Connect
            </Link>
          </p>
        </div>
      </div>
    )
  }
  // A new start (a new signature) is a new flow: fresh timers and focus.
  return <WaitingScreen key={launch.start.signing.sign} launch={launch} />
}
