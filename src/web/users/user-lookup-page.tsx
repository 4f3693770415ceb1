import { useId, useState, type FormEvent } from 'react'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useNavigate, useParams } from 'react-router-dom'
import { parseUserKey, type UserKey } from '../../protocol/user-key'
import { isApiError, type ApiError } from '../lib/api-error'
import { apiCall, apiTemplateLine } from '../lib/api-call'
import { USER_SHOW } from '../../protocol/endpoint-rows-account'
import { ApiErrorNotice } from '../lib/api-error-notice'
import { ResponseMetaLine } from '../lib/response-meta'
import { UserCard, UserCardSkeleton } from './user-card'
import { userQueries, type UserResult } from './user-queries'
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

function describeKey(key: UserKey): string {
  return key.kind === 'id' ? `id ${key.id}` : `login "${key.login}"`
}

function LookupForm({ initialValue }: { initialValue: string }) {
  const navigate = useNavigate()
  const inputId = useId()
  const messageId = useId()
  const [value, setValue] = useState(initialValue)
  const [message, setMessage] = useState<string | null>(null)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // Validated before any request (and the proxy checks the path segment again).
    const result = parseUserKey(value)
    if (!result.ok) {
      setMessage(result.message)
      return
    }
    setMessage(null)
    void navigate(`/users/${encodeURIComponent(result.key.value)}`)
  }

  return (
    <form className="card lookup-form" onSubmit={submit} noValidate role="search">
      <label htmlFor={inputId}>Login or numeric id</label>
      <div className="lookup-row">
        <input
          id={inputId}
          name="key"
          className="input mono"
          value={value}
          onChange={(event) => {
            setValue(event.target.value)
            if (message !== null) setMessage(null)
          }}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="alice or 1"
          aria-invalid={message !== null}
          aria-describedby={messageId}
        />
        <button type="submit" className="btn btn-primary">
          Look up
        </button>
      </div>
      <p
        id={messageId}
        className={message === null ? 'field-hint' : 'field-error'}
        aria-live="polite"
      >
        {message ??
          'Public data: the spec answers without connecting; the real service wants a connected account. Digits only means an id.'}
      </p>
    </form>
  )
}

function LookupResultView({
  userKey,
  query,
}: {
  userKey: UserKey
  query: UseQueryResult<UserResult>
}) {
  if (query.isPending) return <UserCardSkeleton />
  if (query.isError) {
    const isNotFound = isApiError(query.error) && query.error.status === 404
    return (
      <ApiErrorNotice
        error={query.error}
        onRetry={() => void query.refetch()}
        {...(isNotFound
          ? {
              title: `No user with ${describeKey(userKey)}`,
              detail: `The service answered 404 (${query.error.message}). Check the ${userKey.kind === 'id' ? 'number' : 'spelling'}, or try ${userKey.kind === 'id' ? 'the login' : 'the numeric id'} instead.`,
            }
          : isTokenRequired(query.error)
            ? {
                title: 'A connected account is needed',
                detail: `The service requires a connected account for user lookups. It answered 401 to this lookup sent without a token (${query.error.message}); connect, and the playground sends your token with it.`,
                connectLabel: 'Connect',
              }
            : {})}
      />
    )
  }
  return (
    <>
      <UserCard user={query.data.data} />
      <ResponseMetaLine
        request={apiCall(USER_SHOW, { login: userKey.value }).line}
        meta={query.data.meta}
      />
    </>
  )
}

function LookupById({ userKey, id }: { userKey: UserKey; id: number }) {
  return <LookupResultView userKey={userKey} query={useQuery(userQueries.byId(id))} />
}

function LookupByLogin({ userKey, login }: { userKey: UserKey; login: string }) {
  return <LookupResultView userKey={userKey} query={useQuery(userQueries.byLogin(login))} />
}

function LookupResult({ userKey }: { userKey: UserKey }) {
  return userKey.kind === 'id' ? (
    <LookupById userKey={userKey} id={userKey.id} />
  ) : (
    <LookupByLogin userKey={userKey} login={userKey.login} />
  )
}

export function UserLookupPage() {
  const { key: rawKey = '' } = useParams()
  const parsed = rawKey === '' ? null : parseUserKey(rawKey)

  return (
    <div className="page">
      <title>{`${rawKey === '' ? 'Users' : rawKey} · Yuque OAuth Playground`}</title>
      <header className="page-head">
        <h1>Look up a user</h1>
        <p className="lede">
          <span className="mono">{apiTemplateLine(USER_SHOW)}</span> with a login or an id: public
          information.
        </p>
      </header>
      {/* A new key in the address starts a fresh form with it. */}
      <LookupForm key={rawKey} initialValue={rawKey} />
      {parsed === null ? null : parsed.ok ? (
        <LookupResult userKey={parsed.key} />
      ) : (
        <div className="notice notice-error" role="alert">
          <p className="notice-title">Not a valid login or id</p>
          <p>{parsed.message} Nothing was requested.</p>
        </div>
      )}
    </div>
  )
}
