import { useCallback, useEffect, useReducer } from 'react'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'
import type { UserKey } from '../../protocol/user-key'
import { useMessages } from '../i18n/use-messages'
import { isApiError, type ApiError } from '../lib/api-error'
import { apiCall, apiTemplateLine } from '../lib/api-call'
import { USER_SHOW } from '../../protocol/endpoint-rows-account'
import { ApiErrorNotice } from '../lib/api-error-notice'
import { serviceTextLang } from '../i18n/service-text'
import { ResponseMetaLine } from '../lib/response-meta'
import { OutOfDateNote, isOutOfDate } from '../lib/out-of-date'
import { DemoUsers } from './demo-users'
import { LookupForm } from './lookup-form'
import { checkLookupKey, describeKeyProblem } from './lookup-key'
import { initialLookupView, nextLookupView } from './lookup-view'
import { usersMessages } from './messages'
import { UserCard, UserCardSkeleton } from '../lib/user-card'
import { userQueries, type UserResult } from '../session/user-queries'
import '../lib/page.css'
import './user-lookup-page.css'

/**
 * The service refused a lookup sent without a token: the real one wants a token on every call
 * (docs/emulator.md, "observed"), the spec's seed answers anonymous lookups. The proxy forwards a
 * session-less lookup (the endpoint table: needsSession false), so this 401 is the service's.
 */
function isTokenRequired(error: unknown): error is ApiError {
  return (
    isApiError(error) &&
    error.status === 401 &&
    error.proxyCode === null &&
    !error.isSessionEnded &&
    !error.isScopeFailure
  )
}

interface ResultProps {
  userKey: UserKey
  /** Says a found user once, in the page's status region (WCAG 4.1.3, Status Messages). */
  announce: (text: string) => void
}

function LookupResultView({
  userKey,
  announce,
  query,
}: ResultProps & { query: UseQueryResult<UserResult> }) {
  const m = useMessages('users', usersMessages)
  const user = query.data?.data
  const found = user === undefined ? null : m.found({ name: user.name, login: user.login })
  useEffect(() => {
    if (found !== null) announce(found)
  }, [found, announce])

  if (query.isPending) return <UserCardSkeleton />
  if (query.isError && !isOutOfDate(query)) {
    const { error } = query
    const isNotFound = isApiError(error) && error.status === 404
    const key =
      userKey.kind === 'id' ? m.describeId({ id: userKey.value }) : m.describeLogin(userKey)
    const text = error instanceof Error ? error.message : String(error)
    // The service's own words, in the language it wrote them (not the page's): WCAG 3.1.2.
    const message = <span lang={serviceTextLang(text) ?? 'en'}>{text}</span>
    return (
      <ApiErrorNotice
        error={error}
        onRetry={() => void query.refetch()}
        {...(isNotFound
          ? {
              title: m.notFoundTitle({ key }),
              detail: (userKey.kind === 'id' ? m.notFoundDetailId : m.notFoundDetailLogin)({
                message,
              }),
            }
          : isTokenRequired(error)
            ? {
                title: m.tokenRequiredTitle,
                detail: m.tokenRequiredDetail({ message }),
                connectLabel: m.connect,
              }
            : {})}
      />
    )
  }
  if (query.data === undefined) return null
  return (
    <>
      {isOutOfDate(query) && <OutOfDateNote updatedAt={query.dataUpdatedAt} />}
      <UserCard user={query.data.data} />
      <ResponseMetaLine
        request={apiCall(USER_SHOW, { login: userKey.value }).line}
        meta={query.data.meta}
      />
    </>
  )
}

function LookupById(props: ResultProps & { id: number }) {
  return <LookupResultView {...props} query={useQuery(userQueries.byId(props.id))} />
}

function LookupByLogin(props: ResultProps & { login: string }) {
  return <LookupResultView {...props} query={useQuery(userQueries.byLogin(props.login))} />
}

export function UserLookupPage() {
  const m = useMessages('users', usersMessages)
  const { key: rawKey = '' } = useParams()
  const parsed = rawKey === '' ? null : checkLookupKey(rawKey)
  const [view, dispatch] = useReducer(nextLookupView, rawKey, initialLookupView)
  // React's "adjusting state when a prop changes": a new key in the address starts afresh.
  if (view.addressKey !== rawKey) dispatch({ type: 'address', key: rawKey })
  const announce = useCallback((text: string) => dispatch({ type: 'found', text }), [])

  return (
    <div className="page">
      <title>{rawKey === '' ? m.documentTitleEmpty : m.documentTitle({ key: rawKey })}</title>
      <header className="page-head">
        <h1>{m.heading}</h1>
        <p className="lede">
          <span className="mono">{apiTemplateLine(USER_SHOW)}</span>
          {m.lede}
        </p>
      </header>
      <LookupForm
        addressKey={rawKey}
        onRefused={() => dispatch({ type: 'refused' })}
        onAccepted={() => dispatch({ type: 'accepted' })}
      />
      <DemoUsers />
      <p role="status" className="visually-hidden">
        {view.announcement}
      </p>
      {parsed === null || view.isResultDropped ? null : parsed.ok ? (
        parsed.key.kind === 'id' ? (
          <LookupById userKey={parsed.key} id={parsed.key.id} announce={announce} />
        ) : (
          <LookupByLogin userKey={parsed.key} login={parsed.key.login} announce={announce} />
        )
      ) : (
        <div className="notice notice-error" role="alert">
          <p className="notice-title">{m.invalidInAddressTitle}</p>
          <p>
            {describeKeyProblem(m, parsed.problem)} {m.nothingRequested}
          </p>
        </div>
      )}
    </div>
  )
}
