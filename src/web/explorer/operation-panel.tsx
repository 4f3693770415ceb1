/**
 * One operation: its form generated from the table's parameters and the document's
 * descriptions, the scope it needs beside what the session holds (with Grant), Send through the
 * proxy, and a confirmation before anything that changes data. Inputs are written to the URL as
 * they are typed (replace, no history entry), so Grant's return and a shared link keep them.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useLocation, useSearchParams } from 'react-router-dom'
import type { Endpoint } from '../../protocol/endpoints'
import { configQueries } from '../lib/config-queries'
import { ApiErrorNotice } from '../lib/api-error-notice'
import { sendApiRequest } from './send-request'
import { checkScopes } from '../lib/scope-check'
import { sessionQueries } from '../session/session-queries'
import { useStartLogin } from '../session/use-start-login'
import { useMessages } from '../i18n/use-messages'
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
import { explorerMessages } from './messages'
import { ResponseView } from './response-view'

function ScopeLine({ endpoint }: { endpoint: Endpoint }) {
  const m = useMessages('explorer', explorerMessages)
  const session = useQuery(sessionQueries.current())
  const location = useLocation()
  const { start, isRedirecting } = useStartLogin()
  if (session.data?.connected !== true) {
    return (
      <p className="explorer-scope">
        {m.needs({ scope: <code>{endpoint.scope ?? m.noScope}</code> })} · {m.notConnected}
        {endpoint.needsSession && m.connectFirst}
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
        {m.needs({ scope: <code>{endpoint.scope ?? m.noScope}</code> })}
        {m.sessionHolds({ scope: <code>{session.data.scope || m.noScopes}</code> })}{' '}
        {isMissing ? (
          <span className="scope-state-missing">{m.missing}</span>
        ) : (
          <span className="scope-state-held">{m.covered}</span>
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
              ? m.opening
              : m.grant({ scope: endpoint.scope ?? '' })}
          </button>{' '}
          <span className="field-hint">{m.comeBack}</span>
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
  hint: ReactNode
  problem: string | undefined
  onChange: (value: string) => void
}) {
  const m = useMessages('explorer', explorerMessages)
  const id = useId()
  return (
    <div className="explorer-field">
      <label htmlFor={id}>
        <span className="mono">{name}</span> <span className="muted">({m.where[where]})</span>
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
  const m = useMessages('explorer', explorerMessages)
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

  /**
   * The document's description (always Chinese: marked so on any page, WCAG 3.1.2), its type,
   * enum and default.
   */
  const describe = (name: string, fallback = ''): ReactNode => {
    const doc = entry?.params[name]
    if (doc === undefined) return fallback
    const extra = [
      doc.type,
      doc.enum === undefined ? '' : m.oneOf({ values: doc.enum.join(', ') }),
      doc.default === undefined ? '' : m.byDefault({ value: String(doc.default) }),
    ].filter(Boolean)
    return (
      <>
        {doc.zh !== '' && (
          <>
            <span lang="zh-CN">{doc.zh}</span> ·{' '}
          </>
        )}
        {extra.join(' · ')}
      </>
    )
  }
  const body = bodyText(endpoint, inputs)
  const sent = send.variables

  return (
    <section className="card explorer-operation" aria-labelledby={headingId}>
      <h2 id={headingId} className="mono explorer-request-line">
        {label}
      </h2>
      <p className="explorer-summary">{m.summaries[endpoint.id]}</p>
      <ScopeLine endpoint={endpoint} />
      <form onSubmit={submit} noValidate aria-label={m.inputsOf({ label })}>
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
            hint={describe(param.name, param.hint)}
            problem={problems[`q.${param.name}`]}
            onChange={(value) => update({ query: { ...inputs.query, [param.name]: value } })}
          />
        ))}
        {body !== undefined && (
          <div className="explorer-field">
            <label htmlFor={bodyId}>{m.jsonBody}</label>
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
              {problems.body ?? m.bodyHint}
            </p>
          </div>
        )}
        <p className="explorer-actions">
          <button type="submit" className="btn btn-primary" disabled={send.isPending}>
            {send.isPending ? m.sending : m.send}
          </button>
          {isWrite(endpoint) && <span className="field-hint">{m.changesData}</span>}
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
