import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router-dom'
import type { ExchangeResponse } from '../../protocol/playground-api'
import { Checklist, type Step } from '../lib/checklist'
import { landingPath } from './landing-path'
import { startSession } from '../session/account-cache'
import { announceToOtherTabs } from '../session/tab-sync'
import { forgetCapturedCallback, peekCapturedCallback } from './capture-callback'
import { verifyState, type CallbackParams, type StateVerdict } from './callback-params'
import { describeExchangeError } from './describe-exchange-error'
import { exchangeCodeOnce } from './exchange-once'
import { pendingStates } from './pending-states'
import { recordCallback } from '../inspector/keep-timeline'
import '../lib/page.css'

type Outcome =
  | { status: 'idle' }
  | { status: 'exchanging' }
  | { status: 'connected'; response: ExchangeResponse }
  | { status: 'failed'; error: unknown }

/** The callbacks already entered in the flow inspector (see CallbackPage). */
const inspectedCallbacks = new WeakSet<CallbackParams>()

function shortState(state: string | null): string {
  if (state === null) return '(none)'
  return state.length > 10 ? `${state.slice(0, 8)}…` : state
}

const VERDICT_DETAIL: Record<StateVerdict, string> = {
  match: 'It is one this tab remembered before leaving for the authorize page.',
  missing: 'The response carries no state, so it cannot be tied to a login started here.',
  unknown:
    'This tab never sent it: the link was opened in another tab or browser, or forged to log you in to someone else’s account.',
  used: 'This tab already used it: a login completes once.',
}

function buildSteps(params: CallbackParams, verdict: StateVerdict, outcome: Outcome): Step[] {
  if (params.kind === 'empty') return []
  const isInvalid = params.kind === 'invalid'
  const steps: Step[] = [
    {
      label: 'The service’s response is well-formed',
      status: isInvalid ? 'failed' : 'done',
      ...(isInvalid ? { detail: params.reason } : {}),
    },
    {
      label: 'state returned by the service matches the one this tab sent',
      status: isInvalid ? 'skipped' : verdict === 'match' ? 'done' : 'failed',
      ...(isInvalid
        ? {}
        : { detail: `state ${shortState(params.state)}: ${VERDICT_DETAIL[verdict]}` }),
    },
    {
      label: 'Authorization code received',
      status: params.kind === 'code' ? 'done' : params.kind === 'error' ? 'failed' : 'skipped',
      ...(params.kind === 'error' ? { detail: `The service answered error=${params.error}.` } : {}),
    },
  ]
  const canExchange = params.kind === 'code' && verdict === 'match'
  steps.push({
    label: 'Exchanging the code through the proxy',
    status: !canExchange
      ? 'skipped'
      : outcome.status === 'failed'
        ? 'failed'
        : outcome.status === 'connected'
          ? 'done'
          : 'active',
    detail: canExchange
      ? 'The proxy sends it with the client secret and keeps the token; the browser never sees it.'
      : 'Nothing is sent.',
  })
  steps.push({
    label: 'Connected',
    status: outcome.status === 'connected' ? 'done' : 'skipped',
    ...(outcome.status === 'connected'
      ? {
          detail:
            outcome.response.scope === outcome.response.requestedScope
              ? `Granted scope: ${outcome.response.scope || '(none)'}.`
              : `Granted ${outcome.response.scope || '(none)'}, fewer than the requested ${outcome.response.requestedScope || '(none)'}.`,
        }
      : {}),
  })
  return steps
}

function StartAgain({ label = 'Start again' }: { label?: string }) {
  return (
    <p className="notice-actions">
      <Link className="btn btn-primary" to="/">
        {label}
      </Link>
    </p>
  )
}

function OutcomePanel({
  params,
  verdict,
  outcome,
}: {
  params: CallbackParams
  verdict: StateVerdict
  outcome: Outcome
}) {
  if (params.kind === 'empty') {
    return (
      <div className="notice notice-info">
        <p className="notice-title">Nothing to do here</p>
        <p>
          This page finishes a connection started from the Connect page. Its one-time parameters
          were already used and removed from the address, so reloading it does nothing.
        </p>
        <p className="notice-actions">
          <Link className="btn btn-primary" to="/me">
            Your profile
          </Link>
          <Link className="btn" to="/">
            Connect
          </Link>
        </p>
      </div>
    )
  }
  if (params.kind === 'invalid') {
    return (
      <div className="notice notice-error" role="alert">
        <p className="notice-title">This callback is not valid</p>
        <p>{params.reason} Nothing was exchanged.</p>
        <StartAgain />
      </div>
    )
  }
  if (params.kind === 'error') {
    const foreign =
      verdict === 'match'
        ? null
        : ' Its state does not match a login started in this tab, so it may not come from you.'
    if (params.error === 'access_denied') {
      return (
        <div className="notice notice-warning" role="alert">
          <p className="notice-title">You declined to connect</p>
          <p>
            The consent page was answered with Deny, so the service issued no code and the
            playground has no access.{foreign}
          </p>
          <StartAgain label="Try again" />
        </div>
      )
    }
    return (
      <div className="notice notice-error" role="alert">
        <p className="notice-title">The service returned an error</p>
        <p>
          <code>{params.error}</code>
          {params.description !== null && <>: {params.description}</>}
          {foreign}
        </p>
        <StartAgain />
      </div>
    )
  }
  if (verdict !== 'match') {
    return (
      <div className="notice notice-error" role="alert">
        <p className="notice-title">
          {verdict === 'used'
            ? 'This login was already completed'
            : 'This tab did not start this login'}
        </p>
        <p>
          {VERDICT_DETAIL[verdict]} The code was not exchanged.
          {verdict === 'unknown' && ' To connect, start from the Connect page in this tab.'}
        </p>
        <StartAgain label={verdict === 'used' ? 'Connect' : 'Connect from this tab'} />
      </div>
    )
  }
  if (outcome.status === 'failed') {
    const { title, detail } = describeExchangeError(outcome.error)
    return (
      <div className="notice notice-error" role="alert">
        <p className="notice-title">{title}</p>
        <p>{detail}</p>
        <StartAgain />
      </div>
    )
  }
  if (outcome.status === 'connected') {
    return (
      <div className="notice notice-success" role="status">
        <p className="notice-title">Connected</p>
        <p>Taking you to {landingPath(outcome.response.returnTo)}…</p>
      </div>
    )
  }
  return (
    <p className="busy" role="status">
      <span className="spinner" aria-hidden="true" /> Exchanging the code…
    </p>
  )
}

export function CallbackPage() {
  const navigate = useNavigate()
  const client = useQueryClient()
  // Read once: main.tsx already took the parameters out of the address bar. The state's status
  // is a snapshot taken before the exchange marks it used (StrictMode renders twice, both here).
  const [{ params, verdict }] = useState(() => {
    const captured = peekCapturedCallback()
    const state = captured.kind === 'empty' ? null : captured.state
    return {
      params: captured,
      verdict: verifyState(state, state === null ? 'unknown' : pendingStates.status(state)),
    }
  })
  const canExchange = params.kind === 'code' && verdict === 'match'
  const [outcome, setOutcome] = useState<Outcome>(() =>
    canExchange ? { status: 'exchanging' } : { status: 'idle' },
  )

  useEffect(() => {
    // StrictMode runs effects twice: one inspector entry per callback, never the code itself.
    if (params.kind === 'empty' || inspectedCallbacks.has(params)) return
    inspectedCallbacks.add(params)
    recordCallback({
      kind: 'callback',
      at: Date.now(),
      result: params.kind,
      verdict,
      ...(params.kind === 'error' ? { error: params.error.slice(0, 64) } : {}),
      ...(params.kind !== 'invalid' && params.state !== null
        ? { stateStart: params.state.slice(0, 6) }
        : {}),
    })
  }, [params, verdict])

  useEffect(() => {
    forgetCapturedCallback()
    // RFC 9700 §4.2.4: a state is spent by its first callback, whatever the outcome.
    if (params.kind === 'error' && params.state !== null && verdict === 'match') {
      pendingStates.claim(params.state)
    }
  }, [params, verdict])

  useEffect(() => {
    if (params.kind !== 'code' || verdict !== 'match') return
    // A login usually lands on the profile: its code loads while the code is exchanged (bench/run.ts).
    void import('../profile/profile-page')
    let isCurrent = true
    exchangeCodeOnce({ code: params.code, state: params.state }).then(
      async (response) => {
        if (!isCurrent) return
        await startSession(client, response)
        announceToOtherTabs('connected')
        if (!isCurrent) return
        setOutcome({ status: 'connected', response })
        void navigate(landingPath(response.returnTo), { replace: true })
      },
      (error: unknown) => {
        if (isCurrent) setOutcome({ status: 'failed', error })
      },
    )
    return () => {
      isCurrent = false
    }
  }, [params, verdict, client, navigate])

  return (
    <div className="page page-narrow">
      <title>Callback · Yuque OAuth Playground</title>
      <header className="page-head">
        <h1>Completing the connection</h1>
        <p className="lede">
          The service sent the browser back here. Each check below runs before anything is sent.
        </p>
      </header>
      <div className="card" aria-live="polite">
        {params.kind !== 'empty' && <Checklist steps={buildSteps(params, verdict, outcome)} />}
        <OutcomePanel params={params} verdict={verdict} outcome={outcome} />
      </div>
    </div>
  )
}
