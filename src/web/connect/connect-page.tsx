import { useId, useState } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { NO_SCOPE_MEANING, safeParseScopes, scopeInfo } from '../../protocol/scopes'
import type { PlaygroundConfig } from '../../protocol/playground-api'
import { ApiErrorNotice } from '../lib/api-error-notice'
import { FormattedDate } from '../lib/formatted-date'
import { ParamsTable } from '../lib/params-table'
import { safeReturnTo } from '../../protocol/return-to'
import { startClientCode } from '../client-code/client-code-queries'
import { CLIENT_CODE_PATH, openAuthorizeTab, type LaunchState } from '../client-code/launch'
import { sessionQueries } from '../session/session-queries'
import { useStartLogin } from '../session/use-start-login'
import { configQueries } from './config-queries'
import {
  SCOPE_GROUPS,
  authorizeParams,
  authorizeUrlPreview,
  previewSelection,
  toggleScope,
  type SelectionPreview,
} from './scope-selection'
import '../lib/page.css'
import './connect-page.css'

function initialScopes(param: string | null): string[] {
  if (param === null) return []
  const parsed = safeParseScopes(param)
  return parsed.ok ? parsed.scopes : []
}

function ScopePicker({
  selected,
  preview,
  onToggle,
}: {
  selected: readonly string[]
  preview: SelectionPreview
  onToggle: (scope: string, isChecked: boolean) => void
}) {
  return (
    <div className="scope-groups">
      {SCOPE_GROUPS.map((group) => (
        <fieldset key={group.id} className="scope-group">
          <legend>{group.title}</legend>
          <p className="field-hint">{group.hint}</p>
          <ul className="scope-list">
            {group.scopes.map((scope) => {
              const dropped = preview.dropped.find((entry) => entry.scope === scope.name)
              return (
                <li key={scope.name}>
                  {/* Named by the scope itself, described by its meaning and notes. */}
                  <label className="scope-option">
                    <input
                      type="checkbox"
                      checked={selected.includes(scope.name)}
                      onChange={(event) => onToggle(scope.name, event.target.checked)}
                      aria-labelledby={`scope-${scope.name}`}
                      aria-describedby={`scope-${scope.name}-meaning`}
                    />
                    <span className="scope-text">
                      <code className="scope-name" id={`scope-${scope.name}`}>
                        {scope.name}
                      </code>
                      <span className="scope-meaning" id={`scope-${scope.name}-meaning`}>
                        <span>{scope.meaning}</span>
                        {dropped && (
                          <span className="scope-note">
                            implied by <code>{dropped.impliedBy}</code>: left out of the request
                          </span>
                        )}
                        {scope.needsApproval && (
                          <span className="scope-note scope-note-warning">
                            needs the operator&apos;s approval; the emulator refuses it
                          </span>
                        )}
                      </span>
                    </span>
                  </label>
                </li>
              )
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  )
}

function AuthorizePreview({
  config,
  preview,
}: {
  config: PlaygroundConfig | undefined
  preview: SelectionPreview
}) {
  return (
    <section className="card preview" aria-labelledby="preview-title">
      <h2 id="preview-title">What will be sent</h2>
      <div className="preview-scope" aria-live="polite">
        <span className="preview-label">scope</span>
        <code className="preview-value">
          {preview.scopeParam === '' ? '(empty)' : preview.scopeParam}
        </code>
        <p className="field-hint">
          {preview.scopeParam === ''
            ? `No scope: ${NO_SCOPE_MEANING.toLowerCase()}.`
            : preview.canonical.map((name) => scopeInfo(name)?.meaning ?? name).join('; ') + '.'}
          {preview.dropped.length > 0 &&
            ` Dropped as implied: ${preview.dropped
              .map((entry) => `${entry.scope} (by ${entry.impliedBy})`)
              .join(', ')}.`}
        </p>
      </div>
      {config === undefined ? (
        <div className="skeleton preview-params-skeleton" aria-hidden="true" />
      ) : (
        <>
          <ParamsTable
            caption="Authorize request parameters"
            rows={authorizeParams(config, preview.scopeParam)}
          />
          <p className="preview-label">GET</p>
          <code className="url-preview">{authorizeUrlPreview(config, preview.scopeParam)}</code>
          <p className="field-hint">
            {config.service === 'emulator'
              ? 'Service: the embedded emulator. Sign in as alice (or bob, …) with the password "password".'
              : `Service: ${config.baseUrl}`}
          </p>
        </>
      )}
    </section>
  )
}

export function ConnectPage() {
  const [searchParams] = useSearchParams()
  const returnTo = safeReturnTo(searchParams.get('returnTo'))
  const [selected, setSelected] = useState(() => initialScopes(searchParams.get('scope')))
  const preview = previewSelection(selected)
  const session = useQuery(sessionQueries.current())
  const config = useQuery(configQueries.playground())
  const statusId = useId()
  const { start, isRedirecting } = useStartLogin()
  const navigate = useNavigate()
  const clientCodeHintId = useId()
  const clientCode = useMutation({ mutationFn: startClientCode })
  const isBusy = start.isPending || isRedirecting || clientCode.isPending

  const connect = () => {
    start.mutate({
      scopes: preview.canonical,
      ...(returnTo === null ? {} : { returnTo }),
    })
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
          const state: LaunchState = {
            start: response,
            startedAt: Date.now(),
            scopes,
            isTabOpened: tab.navigate(response.authorizePath),
          }
          void navigate(CLIENT_CODE_PATH, { state })
        },
        onError: () => tab.close(),
      },
    )
  }

  const current = session.data?.connected === true ? session.data : null
  const clientCodeClientId = config.data?.clientCodeClientId ?? null

  return (
    <div className="page">
      <title>Connect · Yuque OAuth Playground</title>
      <header className="page-head">
        <h1>Connect an account</h1>
        <p className="lede">
          Pick the scopes to request, then go through the service&apos;s sign-in and consent page.
          The token stays in the proxy: this page never sees it.
        </p>
      </header>

      {current && (
        <div className="notice notice-success" role="status">
          <p className="notice-title">Connected</p>
          <p>
            Since <FormattedDate iso={current.connectedAt} />, with scope{' '}
            <code>{current.scope || '(none)'}</code>. Connecting again replaces this session.
          </p>
          <p className="notice-actions">
            <Link className="btn" to={returnTo ?? '/me'}>
              {returnTo === null ? 'See your profile' : 'Continue'}
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
          <h2>Scopes</h2>
          <ScopePicker
            selected={selected}
            preview={preview}
            onToggle={(scope, isChecked) => setSelected((s) => toggleScope(s, scope, isChecked))}
          />
          {preview.needsApproval.length > 0 && (
            <div className="notice notice-warning">
              <p>
                <code>attach_upload</code> is not open by default: the service operator must enable
                it for this app. The emulator refuses it, so the consent page will show an error.
              </p>
            </div>
          )}
          <div className="connect-actions">
            <button type="submit" className="btn btn-primary btn-large" disabled={isBusy}>
              {isBusy ? 'Connecting…' : current ? 'Connect again' : 'Connect'}
            </button>
            <p id={statusId} className="field-hint" aria-live="polite">
              {isRedirecting
                ? 'Opening the service’s authorize page…'
                : start.isPending
                  ? 'Asking the proxy for a login…'
                  : clientCode.isPending
                    ? 'Asking the proxy to sign a client-code request…'
                    : returnTo
                      ? `Afterwards you will return to ${returnTo}.`
                      : 'Afterwards you will land on your profile.'}
            </p>
          </div>
          {start.isError && <ApiErrorNotice error={start.error} onRetry={connect} />}
          {clientCodeClientId !== null && (
            <div className="connect-alternative">
              <button
                type="button"
                className="btn"
                disabled={isBusy}
                aria-describedby={clientCodeHintId}
                onClick={connectWithoutServer}
              >
                No-server app (client code)
              </button>
              <p id={clientCodeHintId} className="field-hint">
                Connect as <code>{clientCodeClientId}</code>, an app with no server the service
                could send you back to: the authorize page opens in a new tab while this one asks
                the token endpoint every few seconds whether you approved.
              </p>
            </div>
          )}
          {clientCode.isError && (
            <ApiErrorNotice error={clientCode.error} onRetry={connectWithoutServer} />
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
