/**
 * One operation: its form generated from the table's parameters and the document's
 * descriptions, the scope it needs beside what the session holds (with Grant), Send through the
 * proxy, and a confirmation before anything that changes data. Inputs are written to the URL as
 * they are typed (replace, no history entry), so Grant's return and a shared link keep them.
 */
import { useId, useState, type FormEvent } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useLocation, useSearchParams } from 'react-router-dom'
import type { Endpoint } from '../../protocol/endpoints'
import { configQueries } from '../connect/config-queries'
import { ApiErrorNotice } from '../lib/api-error-notice'
import { sendApiRequest } from './send-request'
import { checkScopes } from '../scopes/scope-check'
import { sessionQueries } from '../session/session-queries'
import { useStartLogin } from '../session/use-start-login'
import { CATALOGUE } from './catalogue.gen'
import { ConfirmWrite } from './confirm-write'
import {
  bodyText,
  buildRequest,
  isWrite,
  readInputs,
  writeInputs,
  type BuiltRequest,
} from './explorer-state'
import { ResponseView } from './response-view'
import { SUMMARIES_EN } from './summaries-en'

function ScopeLine({ endpoint }: { endpoint: Endpoint }) {
  const session = useQuery(sessionQueries.current())
  const location = useLocation()
  const { start, isRedirecting } = useStartLogin()
  if (session.data?.connected !== true) {
    return (
      <p className="explorer-scope">
        Needs <code>{endpoint.scope ?? 'no scope'}</code> · not connected
        {endpoint.needsSession && ': connect first (the proxy answers 401 without a session).'}
      </p>
    )
  }
  const check = checkScopes({
    declared: endpoint.scope ?? '',
    accepted: [],
    grantedHeader: null,
    sessionScope: session.data.scope,
    requestedScope: session.data.requestedScope,
  })
  const isMissing = endpoint.scope !== null && !check.isGranted
  const grant = () =>
    start.mutate({
      scopes: check.requestScopes,
      returnTo: `${location.pathname}${location.search}`,
    })
  return (
    <div className="explorer-scope">
      <p>
        Needs <code>{endpoint.scope ?? 'no scope'}</code> · the session holds{' '}
        <code>{session.data.scope || '(none)'}</code>{' '}
        {isMissing ? (
          <span className="scope-state-missing">✕ missing</span>
        ) : (
          <span className="scope-state-held">✓ covered</span>
        )}
      </p>
      {isMissing && check.canRequest && (
        <p>
          <button
            type="button"
            className="btn btn-small"
            onClick={grant}
            disabled={start.isPending || isRedirecting}
          >
            {start.isPending || isRedirecting
              ? 'Opening the consent page…'
              : `Grant ${endpoint.scope}`}
          </button>{' '}
          <span className="field-hint">You come back here with the form as it is.</span>
        </p>
      )}
      {start.isError && <ApiErrorNotice error={start.error} onRetry={grant} />}
    </div>
  )
}

function Field({
  name,
  where,
  value,
  hint,
  problem,
  onChange,
}: {
  name: string
  where: 'path' | 'query'
  value: string
  hint: string
  problem: string | undefined
  onChange: (value: string) => void
}) {
  const id = useId()
  return (
    <div className="explorer-field">
      <label htmlFor={id}>
        <span className="mono">{name}</span> <span className="muted">({where})</span>
      </label>
      <input
        id={id}
        className="input mono"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={problem !== undefined}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className={problem === undefined ? 'field-hint' : 'field-error'}>
        {problem ?? hint}
      </p>
    </div>
  )
}

export function OperationPanel({ endpoint, label }: { endpoint: Endpoint; label: string }) {
  const [searchParams, setSearchParams] = useSearchParams()
  const inputs = readInputs(searchParams)
  const entry = CATALOGUE[endpoint.id]
  const config = useQuery(configQueries.playground())
  const [problems, setProblems] = useState<Readonly<Record<string, string>>>({})
  const [pending, setPending] = useState<(BuiltRequest & { ok: true }) | null>(null)
  const bodyId = useId()
  const headingId = useId()

  const send = useMutation({
    mutationFn: (request: BuiltRequest & { ok: true }) =>
      sendApiRequest(request.url, request.method, request.body),
  })

  const update = (change: Partial<typeof inputs>) =>
    setSearchParams(writeInputs(endpoint.id, { ...inputs, ...change }), { replace: true })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const built = buildRequest(endpoint, inputs)
    if (!built.ok) {
      setProblems(built.problems)
      return
    }
    setProblems({})
    if (isWrite(endpoint)) setPending(built)
    else send.mutate(built)
  }

  const describe = (name: string) => {
    const doc = entry?.params[name]
    if (doc === undefined) return ''
    const extra = [
      doc.enum === undefined ? '' : `one of ${doc.enum.join(', ')}`,
      doc.default === undefined ? '' : `default ${String(doc.default)}`,
    ].filter(Boolean)
    return [doc.zh, doc.type, ...extra].filter(Boolean).join(' · ')
  }
  const body = bodyText(endpoint, inputs)
  const sent = send.variables

  return (
    <section className="card explorer-operation" aria-labelledby={headingId}>
      <h2 id={headingId} className="mono explorer-request-line">
        {label}
      </h2>
      <p className="explorer-summary">
        {entry?.zh !== undefined && <span lang="zh">{entry.zh}</span>}
        <span>{SUMMARIES_EN[endpoint.id]}</span>
      </p>
      <ScopeLine endpoint={endpoint} />
      <form onSubmit={submit} noValidate aria-label={`Inputs of ${label}`}>
        {Object.keys(endpoint.params).map((name) => (
          <Field
            key={`p.${name}`}
            name={name}
            where="path"
            value={inputs.path[name] ?? ''}
            hint={describe(name)}
            problem={problems[`p.${name}`]}
            onChange={(value) => update({ path: { ...inputs.path, [name]: value } })}
          />
        ))}
        {endpoint.query.map((param) => (
          <Field
            key={`q.${param.name}`}
            name={param.name}
            where="query"
            value={inputs.query[param.name] ?? ''}
            hint={describe(param.name) || param.hint}
            problem={problems[`q.${param.name}`]}
            onChange={(value) => update({ query: { ...inputs.query, [param.name]: value } })}
          />
        ))}
        {body !== undefined && (
          <div className="explorer-field">
            <label htmlFor={bodyId}>JSON body</label>
            <textarea
              id={bodyId}
              className="input mono explorer-body"
              rows={Math.min(14, body.split('\n').length + 1)}
              value={body}
              spellCheck={false}
              onChange={(event) => update({ body: event.target.value })}
              aria-invalid={problems.body !== undefined}
              aria-describedby={`${bodyId}-hint`}
            />
            <p
              id={`${bodyId}-hint`}
              className={problems.body === undefined ? 'field-hint' : 'field-error'}
            >
              {problems.body ?? 'Prefilled with an example built from the document’s schema.'}
            </p>
          </div>
        )}
        <p className="explorer-actions">
          <button type="submit" className="btn btn-primary" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send'}
          </button>
          {isWrite(endpoint) && (
            <span className="field-hint">Changes data: you confirm first.</span>
          )}
        </p>
      </form>
      {pending !== null && (
        <ConfirmWrite
          request={pending}
          service={config.data}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            send.mutate(pending)
            setPending(null)
          }}
        />
      )}
      {send.isError && <ApiErrorNotice error={send.error} />}
      {send.data !== undefined && sent !== undefined && (
        <ResponseView result={send.data} request={sent} baseUrl={config.data?.baseUrl ?? ''} />
      )}
    </section>
  )
}
