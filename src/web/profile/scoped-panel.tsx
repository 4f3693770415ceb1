import { useId, type ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { useLocation } from 'react-router-dom'
import type { ConnectedSession } from '../../protocol/playground-api'
import { apiTemplateLine } from '../lib/api-call'
import type { ApiResult } from '../lib/api-client'
import { isApiError, type ApiError } from '../lib/api-error'
import { ApiErrorNotice } from '../lib/api-error-notice'
import { ResponseMetaLine } from '../lib/response-meta'
import { checkScopes, type ScopeCheck } from '../lib/scope-check'
import type { ScopedUse } from '../lib/scope-uses'
import { useStartLogin } from '../session/use-start-login'
import { useMessages } from '../i18n/use-messages'
import { profileMessages } from './messages'
import { OutOfDateNote, isOutOfDate } from '../lib/out-of-date'
import './profile-panels.css'

/** As many placeholder rows as the panel's body keeps room for, so nothing moves on arrival. */
const SKELETON_ROWS = 3

/** What the latest answer said about scopes (its headers, parsed once by the api client). */
function answeredScopes(query: UseQueryResult<ApiResult<unknown>> | null) {
  const meta =
    query?.data?.meta ??
    (isApiError(query?.error) && query.error.kind === 'http' ? query.error.meta : null)
  return meta === null
    ? { accepted: [], grantedHeader: null }
    : {
        // A scope 401 names what is missing in the proxy's header, when the service said.
        accepted: [...meta.acceptedScopes, ...(meta.scopeFailure ?? [])],
        grantedHeader: meta.grantedScopes,
      }
}

/** A refusal for a scope the token lacks: a state of the panel, not an error of the app. */
function isMissingScope(error: unknown, check: ScopeCheck): error is ApiError {
  // Whichever status carries it: 403 (the spec) or a scope 401 (the real service, api-error.ts).
  return isApiError(error) && error.isScopeFailure && !check.isGranted
}

type Messages = typeof profileMessages

/** A scope list as the token holds it, or plain words for none (not a bare "(none)"). */
function ScopeList({ scopes, m }: { scopes: readonly string[]; m: Messages }) {
  return scopes.length === 0 ? <span>{m.noScopes}</span> : <code>{scopes.join(',')}</code>
}

function ScopeBadge({ check }: { check: ScopeCheck }) {
  const m = useMessages('profile', profileMessages)
  // Both texts fit one line, so the panel keeps its height when the answer replaces the guess.
  const source = check.grantedFrom === 'header' ? m.fromHeader : m.fromSession
  return (
    <p className="panel-scope">
      <span>
        {m.needs} <code>{check.needed.join(', ')}</code>
      </span>
      {check.isGranted ? (
        <span className="scope-state scope-state-ok">
          <span aria-hidden="true">✓</span> {m.tokenHasIt}
        </span>
      ) : (
        <span className="scope-state scope-state-missing">
          <span aria-hidden="true">✕</span> {m.tokenLacksIt}
        </span>
      )}
      <span className="panel-scope-source">
        {m.tokenLabel} <ScopeList scopes={check.granted} m={m} /> · {source}
      </span>
    </p>
  )
}

function GrantScope({ check, what, status }: { check: ScopeCheck; what: string; status: number }) {
  const location = useLocation()
  const { start, isRedirecting } = useStartLogin()
  const missing = check.missing.join(', ')
  const here = `${location.pathname}${location.search}`
  const grant = () => start.mutate({ scopes: check.requestScopes, returnTo: here })
  const hintId = useId()
  const m = useMessages('profile', profileMessages)
  const missingCode = <code>{missing}</code>
  return (
    <div className="notice notice-info panel-needs-scope">
      <p className="notice-title">{m.grantTitle({ missing: missingCode })}</p>
      <p>
        {m.grantDetail({
          status,
          held: <ScopeList scopes={check.granted} m={m} />,
          missing: missingCode,
          what,
        })}
        {check.declinedOnConsent.length > 0 && m.declinedOnConsent}
      </p>
      {check.canRequest ? (
        <>
          <p className="notice-actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={grant}
              disabled={start.isPending || isRedirecting}
              aria-describedby={hintId}
            >
              {start.isPending || isRedirecting ? m.opening : m.grant({ missing })}
            </button>
          </p>
          <p id={hintId} className="field-hint">
            {m.grantHint({
              scopes: <code>{check.requestScopes.join(',')}</code>,
              missing: missingCode,
            })}
          </p>
        </>
      ) : (
        <p className="field-hint">{m.cannotRequest}</p>
      )}
      {start.isError && <ApiErrorNotice error={start.error} onRetry={grant} />}
    </div>
  )
}

interface ScopedPanelProps<T> {
  use: ScopedUse
  title: string
  /** The concrete request, e.g. `GET /api/v2/users/alice/repos`; null until the key is known. */
  request: string | null
  /** Null until the key (the user's login or id) is known. */
  query: UseQueryResult<ApiResult<T[]>> | null
  session: ConnectedSession
  /** What the list is of, in the plural: "repositories". */
  what: string
  emptyText: string
  renderItem: (item: T) => ReactNode
  itemKey: (item: T) => string | number
}

/**
 * A profile panel whose endpoint needs a scope: it shows the scope, whether the token has it,
 * and, when it does not, offers to grant it instead of failing.
 */
export function ScopedPanel<T>(props: ScopedPanelProps<T>) {
  const { use, query, session } = props
  const m = useMessages('profile', profileMessages)
  const titleId = useId()
  const check = checkScopes({
    declared: use.scope,
    ...answeredScopes(query),
    sessionScope: session.scope,
    requestedScope: session.requestedScope,
  })
  const request = props.request ?? apiTemplateLine(use.endpoint)
  const isLoading = query === null || query.isPending

  let body: ReactNode
  if (isLoading) {
    // A status with hidden text (WCAG 4.1.3), not aria-busy on a role-less box.
    body = (
      <div role="status">
        <span className="visually-hidden">{m.loadingPanel({ what: props.what })}</span>
        <ul className="panel-list" aria-hidden="true">
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <li key={index} className="panel-item">
              <span className="skeleton skeleton-line panel-skeleton-name" />
              <span className="skeleton skeleton-line panel-skeleton-meta" />
            </li>
          ))}
        </ul>
      </div>
    )
  } else if (query.isError && !isOutOfDate(query)) {
    const { error } = query
    body = isMissingScope(error, check) ? (
      <GrantScope check={check} what={props.what} status={error.status} />
    ) : (
      <ApiErrorNotice
        error={query.error}
        sessionScope={session.scope}
        onRetry={() => void query.refetch()}
      />
    )
  } else if (query.data === undefined) {
    body = null
  } else if (query.data.data.length === 0) {
    body = <p className="panel-empty">{props.emptyText}</p>
  } else {
    body = (
      <ul className="panel-list">
        {query.data.data.map((item) => (
          <li key={props.itemKey(item)} className="panel-item">
            {props.renderItem(item)}
          </li>
        ))}
      </ul>
    )
  }

  return (
    <section className="card panel" aria-labelledby={titleId}>
      <header className="panel-head">
        <h2 id={titleId}>{props.title}</h2>
        <p className="panel-request mono">{request}</p>
        <ScopeBadge check={check} />
        {query !== null && isOutOfDate(query) && <OutOfDateNote updatedAt={query.dataUpdatedAt} />}
      </header>
      <div className="panel-body">{body}</div>
      {query?.data && <ResponseMetaLine request={request} meta={query.data.meta} />}
    </section>
  )
}
