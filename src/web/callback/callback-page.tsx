import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router-dom'
import type { ExchangeResponse } from '../../protocol/playground-api'
import { Checklist, type Step } from '../lib/checklist'
import { landingPath, startAgainHref } from './landing-path'
import { announceToOtherTabs } from '../session/tab-sync'
import { connectedLabel, grantedText } from '../session/granted-text'
import { forgetCapturedCallback, peekCapturedCallback } from './capture-callback'
import {
  verifyState,
  type CallbackParams,
  type InvalidReason,
  type StateVerdict,
} from './callback-params'
import { describeExchangeError } from './describe-exchange-error'
import { exchangeCodeOnce, startSessionOnce } from './exchange-once'
import { pendingStates } from './pending-states'
import { recordCallbackOnce } from './record-callback'
import { useMessages } from '../i18n/use-messages'
import { callbackMessages } from './messages'
import '../lib/page.css'

type Outcome =
  | { status: 'idle' }
  | { status: 'exchanging' }
  | { status: 'connected'; response: ExchangeResponse }
  | { status: 'failed'; error: unknown }

type CallbackMessages = typeof callbackMessages

function shortState(state: string | null, m: CallbackMessages): string {
  if (state === null) return m.none
  return state.length > 10 ? `${state.slice(0, 8)}…` : state
}

function invalidText(reason: InvalidReason, m: CallbackMessages): string {
  switch (reason.code) {
    case 'repeated':
      return m.invalid.repeated(reason)
    case 'token-in-query':
      return m.invalid.tokenInQuery(reason)
    case 'token-in-fragment':
      return m.invalid.tokenInFragment
    case 'code-and-error':
      return m.invalid.codeAndError
    case 'neither':
      return m.invalid.neither
    case 'empty-code':
      return m.invalid.emptyCode
    case 'no-state':
      return m.invalid.noState
    case 'too-long':
      return m.invalid.tooLong
  }
}

function buildSteps(
  params: CallbackParams,
  verdict: StateVerdict,
  outcome: Outcome,
  m: CallbackMessages,
): Step[] {
  if (params.kind === 'empty') return []
  const isInvalid = params.kind === 'invalid'
  const steps: Step[] = [
    {
      label: m.steps.wellFormed,
      status: isInvalid ? 'failed' : 'done',
      ...(isInvalid ? { detail: invalidText(params.reason, m) } : {}),
    },
    {
      label: m.steps.stateMatches,
      status: isInvalid ? 'skipped' : verdict === 'match' ? 'done' : 'failed',
      ...(isInvalid
        ? {}
        : {
            detail: m.steps.stateDetail({
              state: shortState(params.state, m),
              verdict: m.verdicts[verdict],
            }),
          }),
    },
    {
      label: m.steps.codeReceived,
      status: params.kind === 'code' ? 'done' : params.kind === 'error' ? 'failed' : 'skipped',
      ...(params.kind === 'error' ? { detail: m.steps.serviceAnswered(params) } : {}),
    },
  ]
  const canExchange = params.kind === 'code' && verdict === 'match'
  steps.push({
    label: m.steps.exchanging,
    status: !canExchange
      ? 'skipped'
      : outcome.status === 'failed'
        ? 'failed'
        : outcome.status === 'connected'
          ? 'done'
          : 'active',
    detail: canExchange ? m.steps.exchangingDetail : m.steps.nothingSent,
  })
  steps.push({
    label: connectedLabel(),
    status: outcome.status === 'connected' ? 'done' : 'skipped',
    ...(outcome.status === 'connected'
      ? {
          detail: grantedText(outcome.response.scope, outcome.response.requestedScope, m.none),
        }
      : {}),
  })
  return steps
}

function StartAgain({ label, href }: { label: string; href: string }) {
  return (
    <p className="notice-actions">
      <Link className="btn btn-primary" to={href}>
        {label}
      </Link>
    </p>
  )
}

function OutcomePanel({
  params,
  verdict,
  outcome,
  retryHref,
}: {
  params: CallbackParams
  verdict: StateVerdict
  outcome: Outcome
  retryHref: string
}) {
  const m = useMessages('callback', callbackMessages)
  if (params.kind === 'empty') {
    return (
      <div className="notice notice-info">
        <p className="notice-title">{m.emptyTitle}</p>
        <p>{m.emptyText}</p>
        <p className="notice-actions">
          <Link className="btn btn-primary" to="/me">
            {m.yourProfile}
          </Link>
          <Link className="btn" to="/">
            {m.connect}
          </Link>
        </p>
      </div>
    )
  }
  if (params.kind === 'invalid') {
    return (
      <div className="notice notice-error" role="alert">
        <p className="notice-title">{m.invalidTitle}</p>
        <p>
          {invalidText(params.reason, m)} {m.nothingExchanged}
        </p>
        <StartAgain label={m.startAgain} href={retryHref} />
      </div>
    )
  }
  if (params.kind === 'error') {
    const foreign = verdict === 'match' ? null : m.foreignError
    if (params.error === 'access_denied') {
      return (
        <div className="notice notice-warning" role="alert">
          <p className="notice-title">{m.declinedTitle}</p>
          <p>
            {m.declinedText}
            {foreign}
          </p>
          <StartAgain label={m.tryAgain} href={retryHref} />
        </div>
      )
    }
    return (
      <div className="notice notice-error" role="alert">
        <p className="notice-title">{m.serviceErrorTitle}</p>
        <p>
          <code>{params.error}</code>
          {params.description !== null && <>: {params.description}</>}
          {foreign}
        </p>
        <StartAgain label={m.startAgain} href={retryHref} />
      </div>
    )
  }
  if (verdict !== 'match') {
    return (
      <div className="notice notice-error" role="alert">
        <p className="notice-title">{verdict === 'used' ? m.alreadyCompleted : m.notStartedHere}</p>
        <p>
          {m.verdicts[verdict]} {m.notExchanged}
          {verdict === 'unknown' && m.startFromConnect}
        </p>
        <StartAgain
          label={verdict === 'used' ? m.connect : m.connectFromThisTab}
          href={verdict === 'used' ? retryHref : '/'}
        />
      </div>
    )
  }
  if (outcome.status === 'failed') {
    const { title, detail, proxyMessage } = describeExchangeError(outcome.error, m.exchange)
    return (
      <div className="notice notice-error" role="alert">
        <p className="notice-title">{title}</p>
        <p>{detail}</p>
        {proxyMessage !== null && (
          <p className="field-hint">
            {m.proxySaid({ message: <span lang="en">{proxyMessage}</span> })}
          </p>
        )}
        <StartAgain label={m.startAgain} href={retryHref} />
      </div>
    )
  }
  if (outcome.status === 'connected') {
    return (
      <div className="notice notice-success" role="status">
        <p className="notice-title">{m.connectedTitle}</p>
        <p>{m.takingYouTo({ path: landingPath(outcome.response.returnTo) })}</p>
      </div>
    )
  }
  // In progress: not an outcome, so not announced (the outcome that replaces it is, once).
  return (
    <p className="busy">
      <span className="spinner" aria-hidden="true" /> {m.exchangingCode}
    </p>
  )
}

/** The page's h1 for where the callback stands: each failure has its own. */
function headingKey(
  params: CallbackParams,
  verdict: StateVerdict,
  outcome: Outcome,
): keyof CallbackMessages['headings'] {
  if (params.kind === 'empty') return 'empty'
  if (params.kind === 'invalid') return 'invalid'
  if (params.kind === 'error') return params.error === 'access_denied' ? 'declined' : 'serviceError'
  if (verdict !== 'match') return 'foreign'
  if (outcome.status === 'failed') return 'failed'
  return outcome.status === 'connected' ? 'connected' : 'exchanging'
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
      verdict: verifyState(state, state === null ? 'unknown' : exchangeCodeOnce.statusOf(state)),
    }
  })
  const canExchange = params.kind === 'code' && verdict === 'match'
  const [outcome, setOutcome] = useState<Outcome>(() =>
    canExchange ? { status: 'exchanging' } : { status: 'idle' },
  )

  useEffect(() => recordCallbackOnce(params, verdict), [params, verdict])

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
    // On the app's own path the route's loader (exchange-once.ts, leaveIfExchanged) has left on
    // success before this page is drawn, so this settles as a failure; the success branch keeps
    // the page whole where it is drawn without that loader.
    exchangeCodeOnce({ code: params.code, state: params.state })
      .then(async (response) => {
        if (!isCurrent) return
        await startSessionOnce(client, response)
        announceToOtherTabs('connected')
        if (!isCurrent) return
        setOutcome({ status: 'connected', response })
        void navigate(landingPath(response.returnTo), { replace: true })
      })
      .catch((error: unknown) => {
        if (isCurrent) setOutcome({ status: 'failed', error })
      })
    return () => {
      isCurrent = false
    }
  }, [params, verdict, client, navigate])

  const m = useMessages('callback', callbackMessages)
  // docs/security.md#b6 and the retry rule: "Start again" asks for what this login asked for.
  const retryHref = startAgainHref(
    pendingStates.requestOf(params.kind === 'empty' ? null : params.state),
  )

  return (
    <div className="page page-narrow">
      <title>{m.title}</title>
      <header className="page-head">
        <h1>{m.headings[headingKey(params, verdict, outcome)]}</h1>
        <p className="lede">{m.lede}</p>
      </header>
      {/* Not a live region: the outcome panel announces the outcome once (its own role). */}
      <div className="card">
        {params.kind !== 'empty' && <Checklist steps={buildSteps(params, verdict, outcome, m)} />}
        <OutcomePanel params={params} verdict={verdict} outcome={outcome} retryHref={retryHref} />
      </div>
    </div>
  )
}
