/**
 * "Or your personal token": a token pasted once, checked by the service chosen above (the
 * proxy asks whose it is and keeps it like a secret), then its owner and the scopes the service
 * reports, and Forget. The playground is connected with it once the check passes.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SavedApp, TokenOwner, YourAppResponse } from '../../protocol/your-app-api'
import { useMessages } from '../i18n/use-messages'
import { ApiErrorNotice } from '../lib/api-error-notice'
import {
  checkToken,
  saveTokenRequest,
  type FieldProblems,
  type ServiceDraft,
} from './app-form-state'
import { describeFieldProblem, isTurnedOff, refusedFields } from './field-errors'
import { TextField, fieldId } from './fields'
import { FieldErrorsNotice, TurnedOffNotice } from './notices'
import { yourAppMessages } from './messages'
import { afterTokenChange, forgetToken, saveToken, yourAppQueries } from './your-app-queries'

const HAN = /\p{Script=Han}/u

type Outcome = { kind: 'checked'; login: string } | { kind: 'forgotten' } | null

export function TokenCard({
  idBase,
  saved,
  service,
  refuse,
}: {
  idBase: string
  saved: SavedApp | null
  service: ServiceDraft
  refuse: (problems: FieldProblems) => FieldProblems
}) {
  const m = useMessages('yourApp', yourAppMessages)
  const client = useQueryClient()
  const headingId = useId()
  const statusId = useId()
  const ownerRef = useRef<HTMLParagraphElement>(null)
  const [token, setToken] = useState('')
  const [problems, setProblems] = useState<FieldProblems>({})
  const [outcome, setOutcome] = useState<Outcome>(null)
  /** The owner the last check found, until the saved app's answer names the token itself. */
  const [checked, setChecked] = useState<TokenOwner | null>(null)
  const tokenId = fieldId(idBase, 'token')

  const check = useMutation({
    mutationFn: saveToken,
    onSuccess: (owner) => {
      // Nothing of the token stays in the page: the field, and the request the mutation keeps.
      setToken('')
      check.reset()
      setChecked(owner)
      setOutcome({ kind: 'checked', login: owner.login })
      void afterTokenChange(client, true)
    },
    onError: (error) => {
      const fields = refusedFields(error)
      if (fields !== null) setProblems(refuse(fields))
    },
  })
  const forget = useMutation({
    mutationFn: forgetToken,
    onSuccess: () => {
      setChecked(null)
      client.setQueryData(yourAppQueries.current().queryKey, (old: YourAppResponse | undefined) =>
        old?.current ? { ...old, current: { ...old.current, personalToken: null } } : old,
      )
      setOutcome({ kind: 'forgotten' })
      void afterTokenChange(client, false)
    },
  })

  const owner: (TokenOwner & { hint?: string }) | null = saved?.personalToken ?? checked
  // What replaced the button pressed takes the focus (WCAG 2.4.3): the owner after a check,
  // the empty field after Forget.
  useEffect(() => {
    if (outcome?.kind === 'checked') ownerRef.current?.focus()
    if (outcome?.kind === 'forgotten') document.getElementById(tokenId)?.focus()
  }, [outcome, tokenId])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = checkToken(service, token)
    if (Object.keys(found).length > 0) {
      setProblems(refuse(found))
      return
    }
    setProblems({})
    check.mutate(saveTokenRequest(service, token))
  }
  const status = check.isPending
    ? m.checkingStatus
    : forget.isPending
      ? m.forgetting
      : outcome?.kind === 'checked'
        ? m.tokenChecked({ login: outcome.login })
        : outcome?.kind === 'forgotten'
          ? m.tokenForgotten
          : ''

  return (
    <form
      className="card app-form"
      aria-labelledby={headingId}
      aria-describedby={statusId}
      onSubmit={submit}
      noValidate
    >
      <h2 id={headingId}>{m.tokenHeading}</h2>
      <p className="field-hint">{m.tokenIntro}</p>
      {owner === null ? (
        <TextField
          id={tokenId}
          label={m.tokenLabel}
          hint={m.tokenHint}
          value={token}
          onChange={(value) => {
            setToken(value)
            if (Object.hasOwn(problems, 'token')) setProblems({})
          }}
          error={
            Object.hasOwn(problems, 'token')
              ? describeFieldProblem(m, 'token', problems.token ?? '')
              : null
          }
          isSecret
        />
      ) : (
        <div className="app-form">
          <p ref={ownerRef} tabIndex={-1}>
            {m.tokenOwner({
              // Marked Chinese when it is, as i18n/service-text.tsx does (imported, it
              // regrouped the pages' shared chunks: CopyField in fields.tsx says how).
              name: <span lang={HAN.test(owner.name) ? 'zh-CN' : undefined}>{owner.name}</span>,
              login: <code>{owner.login}</code>,
            })}
            {owner.hint !== undefined && <> {m.tokenSaved({ hint: <code>{owner.hint}</code> })}</>}
          </p>
          <p className="muted">{m.tokenScopes}</p>
          {owner.scopes === null ? (
            <p>{m.tokenNoScopes}</p>
          ) : owner.scopes.length === 0 ? (
            <p>{m.tokenEmptyScopes}</p>
          ) : (
            <ul className="chips" aria-label={m.tokenScopes}>
              {owner.scopes.map((scope) => (
                <li key={scope} className="chip">
                  {scope}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="notice-actions">
        {owner === null ? (
          <button type="submit" className="btn btn-primary" disabled={check.isPending}>
            {check.isPending ? m.checking : m.check}
          </button>
        ) : (
          <button
            type="button"
            className="btn"
            disabled={forget.isPending}
            onClick={() => forget.mutate()}
          >
            {forget.isPending ? m.forgetting : m.forget}
          </button>
        )}
        <p id={statusId} className="field-hint" role="status">
          {status}
        </p>
      </div>
      {check.isError &&
        (isTurnedOff(check.error) ? (
          <TurnedOffNotice isLate />
        ) : refusedFields(check.error) !== null ? (
          <FieldErrorsNotice problems={problems} shown={['token']} />
        ) : (
          <ApiErrorNotice
            error={check.error}
            onRetry={() => check.variables !== undefined && check.mutate(check.variables)}
          />
        ))}
      {forget.isError && <ApiErrorNotice error={forget.error} onRetry={() => forget.mutate()} />}
    </form>
  )
}
