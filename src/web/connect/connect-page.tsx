import { useId, useState } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import type { PlaygroundConfig } from '../../protocol/playground-api'
import { ApiErrorNotice } from '../lib/api-error-notice'
import { isApiError } from '../lib/api-error'
import { FormattedDate } from '../lib/formatted-date'
import { ParamsTable } from '../lib/params-table'
import { useServiceDown } from '../lib/service-down'
import { safeReturnTo } from '../../protocol/return-to'
import { startClientCode } from '../client-code/client-code-queries'
import { CLIENT_CODE_PATH, openAuthorizeTab, type LaunchState } from '../client-code/launch'
import { sessionQueries } from '../session/session-queries'
import { useStartLogin } from '../session/use-start-login'
import { configQueries } from '../lib/config-queries'
import { connectMessages } from './messages'
import { useMessages } from '../i18n/use-messages'
import {
  authorizeParams,
  authorizeUrlPreview,
  preselectScopes,
  previewSelection,
  toggleScope,
  type SelectionPreview,
} from './scope-selection'
import { meaningOf, ScopePicker } from './scope-picker'
import '../lib/page.css'
import './connect-page.css'

/** The proxy refused to start a login: nobody answers at the service (proxy/service-probe.ts). */
const isServiceRefusal = (error: unknown) =>
  isApiError(error) && error.proxyCode === 'upstream_unreachable'

function AuthorizePreview({
  config,
  preview,
}: {
  config: PlaygroundConfig | undefined
  preview: SelectionPreview
}) {
  const m = useMessages('connect', connectMessages)
  return (
    <section className="card preview" aria-labelledby="preview-title">
      <h2 id="preview-title">{m.previewHeading}</h2>
      <div className="preview-scope" aria-live="polite">
        <span className="preview-label">{m.scopeLabel}</span>
        <code className="preview-value">
          {preview.scopeParam === '' ? m.empty : preview.scopeParam}
        </code>
        <p className="field-hint">
          {preview.scopeParam === ''
            ? m.noScope({ meaning: m.noScopeMeaning })
            : preview.canonical.map((name) => meaningOf(m, name)).join(m.listSeparator) + m.listEnd}
          {preview.dropped.length > 0 &&
            m.droppedAsImplied({
              list: preview.dropped.map((entry) => m.droppedEntry(entry)).join(m.droppedSeparator),
            })}
        </p>
      </div>
      {config === undefined ? (
        <div className="skeleton preview-params-skeleton" aria-hidden="true" />
      ) : (
        <>
          {/* client_id is the first row: the app connected through, the operator's or yours. */}
          <p className="field-hint">
            <Link to="/app">{m.useOwnApp}</Link>
          </p>
          <ParamsTable
            caption={m.paramsCaption}
            rows={authorizeParams(config, preview.scopeParam, m.paramNotes, m.placeholders)}
          />
          <p className="preview-label">{m.urlLabel}</p>
          <code className="url-preview">
            {authorizeUrlPreview(config, preview.scopeParam, m.placeholders)}
          </code>
          <p className="field-hint">
            {config.service === 'emulator'
              ? m.serviceEmulator
              : m.serviceReal({ url: config.baseUrl })}
          </p>
        </>
      )}
    </section>
  )
}

export function ConnectPage() {
  const m = useMessages('connect', connectMessages)
  const [searchParams] = useSearchParams()
  const returnTo = safeReturnTo(searchParams.get('returnTo'))
  const session = useQuery(sessionQueries.current())
  const current = session.data?.connected === true ? session.data : null
  // Untouched, the picker follows the address or the granted scopes (the session may answer
  // after the first render); the first tick or untick makes the selection the user's own.
  const [touched, setTouched] = useState<string[] | null>(null)
  const selected = touched ?? preselectScopes(searchParams.get('scope'), current?.scope ?? null)
  const preview = previewSelection(selected)
  const config = useQuery(configQueries.playground())
  const statusId = useId()
  const { start, isRedirecting } = useStartLogin()
  const navigate = useNavigate()
  const clientCodeHintId = useId()
  const clientCode = useMutation({ mutationFn: startClientCode })
  const isBusy = start.isPending || isRedirecting || clientCode.isPending
  // Known down (the last calls found nobody answering, lib/service-down.tsx): the service's
  // sign-in page would not load either, so Connect says so first and lets the user go anyway.
  // A first visit has made no call yet and cannot know: the proxy asks the service before it
  // starts a login (proxy/service-probe.ts) and refuses while nobody answers, which the notice
  // under the button says (e2e/service-down.spec.ts).
  const isServiceDown = useServiceDown()
  const [isDownWarned, setIsDownWarned] = useState(false)
  const warnsDown = isServiceDown && isDownWarned

  const connect = () => {
    if (isServiceDown && !isDownWarned) {
      setIsDownWarned(true)
      return
    }
    setIsDownWarned(false)
    // useStartLogin remembers what this login asked for ("Start again" asks for it again).
    start.mutate({ scopes: preview.canonical, ...(returnTo === null ? {} : { returnTo }) })
  }

  // The authorize page opens in a new tab, and this tab waits there for the approval.
  const connectWithoutServer = () => {
    // In the click itself: a tab opened after the start request's answer would be blocked.
    const tab = openAuthorizeTab()
    const scopes = preview.canonical
    clientCode.mutate(
      { scopes },
      {
        onSuccess: (response) => {
          const isTabOpened = tab.navigate(response.authorizePath)
          const state: LaunchState = { start: response, startedAt: Date.now(), scopes, isTabOpened }
          void navigate(CLIENT_CODE_PATH, { state })
        },
        onError: () => tab.close(),
      },
    )
  }

  const clientCodeClientId = config.data?.clientCodeClientId ?? null

  return (
    <div className="page">
      <title>{m.title}</title>
      <header className="page-head">
        <h1>{m.heading}</h1>
        <p className="lede">{m.lede}</p>
      </header>

      {current && (
        <div className="notice notice-success" role="status">
          <p className="notice-title">{m.connectedTitle}</p>
          <p>
            {m.connectedSince({
              date: <FormattedDate iso={current.connectedAt} />,
              scope: <code>{current.scope || m.none}</code>,
            })}
          </p>
          <p className="notice-actions">
            <Link className="btn" to={returnTo ?? '/me'}>
              {returnTo === null ? m.seeProfile : m.continue}
            </Link>
          </p>
        </div>
      )}

      <div className="connect-grid">
        <form
          className="card"
          aria-describedby={statusId}
          onSubmit={(event) => {
            event.preventDefault()
            connect()
          }}
        >
          <h2>{m.scopesHeading}</h2>
          <ScopePicker
            selected={selected}
            preview={preview}
            onToggle={(scope, isChecked) => setTouched(toggleScope(selected, scope, isChecked))}
          />
          {preview.needsApproval.length > 0 && (
            <div className="notice notice-warning">
              <p>{m.attachUploadWarning({ scope: <code>attach_upload</code> })}</p>
            </div>
          )}
          <div className="connect-actions">
            <button type="submit" className="btn btn-primary btn-large" disabled={isBusy}>
              {isBusy
                ? m.connecting
                : warnsDown
                  ? m.connectAnyway
                  : current
                    ? m.connectAgain
                    : m.connect}
            </button>
            <p id={statusId} className="field-hint" aria-live="polite">
              {isRedirecting
                ? m.redirecting
                : start.isPending
                  ? m.asking
                  : clientCode.isPending
                    ? m.askingClientCode
                    : returnTo
                      ? m.returnTo({ path: returnTo })
                      : m.landOnProfile}
            </p>
          </div>
          {warnsDown && (
            <div className="notice notice-warning" role="alert">
              <p className="notice-title">{m.serviceDownTitle}</p>
              <p>{m.serviceDownDetail}</p>
            </div>
          )}
          {start.isError && (
            <ApiErrorNotice
              error={start.error}
              onRetry={connect}
              {...(isServiceRefusal(start.error)
                ? { title: m.serviceUnreachableTitle, detail: m.serviceUnreachableDetail }
                : {})}
            />
          )}
          {clientCodeClientId !== null && (
            <div className="connect-alternative">
              <button
                type="button"
                className="btn"
                disabled={isBusy}
                aria-describedby={clientCodeHintId}
                onClick={connectWithoutServer}
              >
                {m.clientCodeButton}
              </button>
              <p id={clientCodeHintId} className="field-hint">
                {m.clientCodeHint({ clientId: <code>{clientCodeClientId}</code> })}
              </p>
            </div>
          )}
          {clientCode.isError && (
            <ApiErrorNotice
              error={clientCode.error}
              onRetry={connectWithoutServer}
              {...(isServiceRefusal(clientCode.error)
                ? { title: m.serviceUnreachableTitle, detail: m.serviceUnreachableDetail }
                : {})}
            />
          )}
        </form>
        <AuthorizePreview config={config.data} preview={preview} />
      </div>
      {config.isError && (
        <ApiErrorNotice error={config.error} onRetry={() => void config.refetch()} />
      )}
    </div>
  )
}
