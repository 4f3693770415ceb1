/**
 * One operation: its form generated from the table's parameters and the document's
 * descriptions, the scope it needs beside what the session holds (with Grant), Send through the
 * proxy (Ctrl/⌘+Enter from any field), and a confirmation before anything that changes data.
 * The fields own their text; the address follows (use-explorer-inputs.ts), so Grant's return
 * and a shared link keep them. Values seen in responses are offered to the next call (chain.ts).
 */
import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type KeyboardEvent,
} from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import type { Endpoint } from '../../protocol/endpoints'
import { configQueries } from '../lib/config-queries'
import { ApiErrorNotice } from '../lib/api-error-notice'
import { isApiError } from '../lib/api-error'
import { userQueries } from '../session/user-queries'
import { formatNumber } from '../i18n/format'
import { useLocale, useMessages } from '../i18n/use-messages'
import { BodyEditor } from './body-editor'
import { recordCall } from './call-history'
import { CATALOGUE } from './catalogue.gen'
import { chainStore, harvest, suggestionsFor, targetLabel } from './chain'
import { ConfirmWrite } from './confirm-write'
import {
  bodyText,
  buildRequest,
  FORM_TARGET_ID,
  isWrite,
  writeInputs,
  type BuiltRequest,
} from './explorer-state'
import { leafActionFor } from './leaf-action'
import { explorerMessages } from './messages'
import { ParamField } from './param-field'
import { PathText } from './path-text'
import { filledFrom, prefillInputs } from './prefill'
import { ResponseView } from './response-view'
import { ScopeLine } from './scope-line'
import { sendApiRequest } from './send-request'
import { useExplorerInputs } from './use-explorer-inputs'
import { useForgetOnDisconnect } from './use-forget-account'

type Outgoing = BuiltRequest & { ok: true; search: string }

interface OperationPanelProps {
  endpoint: Endpoint
  label: string
  /** Chosen from the catalogue just now: focus goes to the heading (and the phone scrolls there). */
  focusOnOpen: boolean
}

export function OperationPanel({ endpoint, label, focusOnOpen }: OperationPanelProps) {
  const m = useMessages('explorer', explorerMessages)
  const locale = useLocale()
  const entry = CATALOGUE[endpoint.id]
  const config = useQuery(configQueries.playground())
  useSyncExternalStore(chainStore.subscribe, chainStore.version, chainStore.version)
  const [problems, setProblems] = useState<Readonly<Record<string, string>>>({})
  const [pending, setPending] = useState<Outgoing | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const headingRef = useRef<HTMLHeadingElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const sendRef = useRef<HTMLButtonElement>(null)

  const send = useMutation({
    // Offline, it fails at once rather than waiting paused, so a write confirmed offline is never
    // sent later: the client's default for every mutation (query-client.ts).
    mutationFn: (request: Outgoing) => sendApiRequest(request.url, request.method, request.body),
    onSuccess: (result, request) => {
      harvest(result.body)
      recordCall({ ...callOf(request), status: result.status })
      setAnnouncement(
        m.announce({ status: result.status, ms: formatNumber(locale, result.durationMs) }),
      )
    },
    onError: (_error, request) => {
      recordCall({ ...callOf(request), status: null })
      setAnnouncement(navigator.onLine ? m.failed : m.offlineTitle)
    },
  })
  const connected = useForgetOnDisconnect(() => {
    send.reset()
    setAnnouncement('')
  })
  const me = useQuery({ ...userQueries.me(), enabled: connected })
  const login = connected ? me.data?.data.login : undefined

  const { inputs, setInputs, currentSearch, compositionProps } = useExplorerInputs(
    endpoint,
    (initial) => prefillInputs(endpoint, initial, login),
  )
  // The profile may answer after the form opened: its login fills what is still empty.
  useEffect(() => {
    if (login !== undefined) setInputs((current) => prefillInputs(endpoint, current, login))
  }, [endpoint, login, setInputs])

  useEffect(() => {
    if (focusOnOpen) headingRef.current?.focus()
  }, [focusOnOpen])

  const setPath = (name: string, value: string) =>
    setInputs((current) => ({ ...current, path: { ...current.path, [name]: value } }))
  const setQuery = (name: string, value: string) =>
    setInputs((current) => ({ ...current, query: { ...current.query, [name]: value } }))

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (send.isPending) return
    const built = buildRequest(endpoint, inputs)
    if (!built.ok) {
      setProblems(built.problems)
      return
    }
    setProblems({})
    const outgoing: Outgoing = { ...built, search: writeInputs(endpoint.id, inputs).toString() }
    if (isWrite(endpoint)) setPending(outgoing)
    else send.mutate(outgoing)
  }

  // Ctrl+Enter (⌘+Enter on a Mac) sends from any field, the textarea included.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return
    event.preventDefault()
    formRef.current?.requestSubmit()
  }

  // Focus goes back to Send once the dialog is gone: while it is open, the rest is inert.
  const returnFocus = useRef(false)
  useEffect(() => {
    if (!returnFocus.current || pending !== null) return
    returnFocus.current = false
    sendRef.current?.focus()
  }, [pending])
  const closeConfirm = (confirmed: boolean) => {
    if (confirmed && pending !== null) send.mutate(pending)
    returnFocus.current = true
    setPending(null)
  }

  const filledHint = (name: string) => {
    const from = filledFrom(endpoint, name, inputs.path[name] ?? '', login)
    return from === undefined ? undefined : from === 'pick' ? m.fromPick : m.fromSession
  }
  const params = entry?.params ?? {}
  const body = bodyText(endpoint, inputs)
  const sent = send.variables
  const offline = send.isError && isApiError(send.error) && !navigator.onLine

  return (
    <section className="card explorer-operation" aria-labelledby={FORM_TARGET_ID}>
      <h2
        id={FORM_TARGET_ID}
        ref={headingRef}
        tabIndex={-1}
        className="mono explorer-request-line"
        aria-label={label}
      >
        <span className={`method method-${endpoint.method.toLowerCase()}`}>{endpoint.method}</span>{' '}
        <PathText className="mono" path={endpoint.path} />
      </h2>
      <p className="explorer-summary">
        <span>{m.summaries[endpoint.id]}</span>
        {m.rowNotes[endpoint.id] !== undefined && <span>{m.rowNotes[endpoint.id]}</span>}
      </p>
      <ScopeLine endpoint={endpoint} currentSearch={currentSearch} />
      <form
        ref={formRef}
        onSubmit={submit}
        onKeyDown={onKeyDown}
        noValidate
        aria-label={m.inputsOf({ label })}
        {...compositionProps}
      >
        {Object.keys(endpoint.params).map((name) => (
          <ParamField
            key={`p.${name}`}
            endpoint={endpoint}
            name={name}
            where="path"
            doc={params[name]}
            fallbackHint=""
            required
            value={inputs.path[name] ?? ''}
            problem={problems[`p.${name}`]}
            suggestions={suggestionsFor(endpoint, name)}
            filledFrom={filledHint(name)}
            onChange={(value) => setPath(name, value)}
          />
        ))}
        {endpoint.query.map((param) => (
          <ParamField
            key={`q.${param.name}`}
            endpoint={endpoint}
            name={param.name}
            where="query"
            doc={params[param.name]}
            fallbackHint={param.hint}
            required={params[param.name]?.required === true}
            value={inputs.query[param.name] ?? ''}
            problem={problems[`q.${param.name}`]}
            suggestions={suggestionsFor(endpoint, param.name)}
            filledFrom={undefined}
            onChange={(value) => setQuery(param.name, value)}
          />
        ))}
        {body !== undefined && (
          <BodyEditor
            endpoint={endpoint}
            body={body}
            problem={problems.body}
            onChange={(value) => setInputs((current) => ({ ...current, body: value }))}
          />
        )}
        <p className="explorer-actions">
          <button
            ref={sendRef}
            type="submit"
            className="btn btn-primary"
            aria-disabled={send.isPending}
          >
            {send.isPending ? m.sending : m.send}
          </button>
          <kbd className="explorer-kbd">{m.sendShortcut}</kbd>
          {isWrite(endpoint) && <span className="field-hint">{m.changesData}</span>}
        </p>
      </form>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {pending !== null && (
        <ConfirmWrite
          request={pending}
          target={targetLabel(endpoint, inputs.path)}
          service={config.data}
          onCancel={() => closeConfirm(false)}
          onConfirm={() => closeConfirm(true)}
        />
      )}
      {send.isError &&
        (offline ? (
          <ApiErrorNotice error={send.error} title={m.offlineTitle} detail={m.offlineDetail} />
        ) : (
          <ApiErrorNotice error={send.error} />
        ))}
      {send.data !== undefined && sent !== undefined && (
        <ResponseView
          result={send.data}
          request={sent}
          baseUrl={config.data?.baseUrl ?? ''}
          leafAction={leafActionFor(send.data.body)}
        />
      )}
    </section>
  )
}

function callOf(request: Outgoing) {
  return {
    method: request.method,
    servicePath: request.servicePath,
    search: request.search,
    at: new Date(),
  }
}
