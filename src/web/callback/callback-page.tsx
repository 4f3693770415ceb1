import { Link, useLoaderData } from 'react-router-dom'
import { Checklist, type Step } from '../lib/checklist'
import { connectedLabel } from '../session/granted-text'
import type { CallbackParams, InvalidReason, StateVerdict } from './callback-params'
import { describeExchangeError } from './describe-exchange-error'
import type { CallbackReport } from './finish-login'
import { useMessages } from '../i18n/use-messages'
import { callbackMessages } from './messages'
import '../lib/page.css'

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
  failure: CallbackReport['failure'],
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
  const wasSent = params.kind === 'code' && verdict === 'match'
  steps.push({
    label: m.steps.exchanging,
    status: wasSent && failure !== null ? 'failed' : 'skipped',
    detail: wasSent ? m.steps.exchangingDetail : m.steps.nothingSent,
  })
  // A login that connected has gone on to its landing path: this page never shows it.
  steps.push({ label: connectedLabel(), status: 'skipped' })
  return steps
}

/** Start again; first, when the cause is fixed elsewhere (`fixAt`), the way to that page. */
function StartAgain({
  label,
  href,
  fixAt = null,
}: {
  label: string
  href: string
  fixAt?: { label: string; to: string } | null
}) {
  return (
    <p className="notice-actions">
      {fixAt !== null && (
        <Link className="btn btn-primary" to={fixAt.to}>
          {fixAt.label}
        </Link>
      )}
      <Link className={fixAt === null ? 'btn btn-primary' : 'btn'} to={href}>
        {label}
      </Link>
    </p>
  )
}

function OutcomePanel({ params, verdict, failure, retryHref }: CallbackReport) {
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
  if (failure === null) return null
  const { title, detail, proxyMessage, link } = describeExchangeError(failure.error, m.exchange)
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{title}</p>
      <p>{detail}</p>
      {proxyMessage !== null && (
        <p className="field-hint">
          {m.proxySaid({ message: <span lang="en">{proxyMessage}</span> })}
        </p>
      )}
      <StartAgain label={m.startAgain} href={retryHref} fixAt={link} />
    </div>
  )
}

/** The page's h1 for where the callback stands: each failure has its own. */
function headingKey({ params, verdict }: CallbackReport): keyof CallbackMessages['headings'] {
  if (params.kind === 'empty') return 'empty'
  if (params.kind === 'invalid') return 'invalid'
  if (params.kind === 'error') return params.error === 'access_denied' ? 'declined' : 'serviceError'
  if (verdict !== 'match') return 'foreign'
  return 'failed'
}

/** A `/callback` whose address carried nothing: a reload once the parameters were used. */
const NOTHING_TO_FINISH: CallbackReport = {
  params: { kind: 'empty' },
  verdict: 'missing',
  failure: null,
  retryHref: '/',
}

/**
 * What did not succeed, step by step: a successful login has gone on to its landing path before
 * this page is drawn (finish-login.ts, the route's loader).
 */
export function CallbackPage() {
  const report = useLoaderData<CallbackReport | null>() ?? NOTHING_TO_FINISH
  const { params, verdict, failure } = report
  const m = useMessages('callback', callbackMessages)

  return (
    <div className="page page-narrow">
      <title>{m.title}</title>
      <header className="page-head">
        <h1>{m.headings[headingKey(report)]}</h1>
        <p className="lede">{m.lede}</p>
      </header>
      {/* Not a live region: the outcome panel announces the outcome once (its own role). */}
      <div className="card">
        {params.kind !== 'empty' && <Checklist steps={buildSteps(params, verdict, failure, m)} />}
        <OutcomePanel {...report} />
      </div>
    </div>
  )
}
