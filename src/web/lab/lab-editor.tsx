/**
 * The lab's editor: every parameter of the authorization request, and what the proxy does after
 * the return, with the request previewed beside it by the connect page's own preview function
 * (src/web/connect/scope-selection.ts), and Run: `POST /auth/lab/start`, then the browser goes to
 * the authorize URL the proxy answered (a real navigation). The service brings it back to the
 * registered redirect URI, which hands the return to the lab (src/web/callback/lab-hand-over.ts).
 */
import { useEffect, useId, useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { changedRedirectUri } from '../../protocol/authorize'
import type { PlaygroundConfig } from '../../protocol/playground-api'
import { connectMessages } from '../connect/messages'
import { ScopePicker } from '../connect/scope-picker'
import { previewSelection, toggleScope } from '../connect/scope-selection'
import { useMessages } from '../i18n/use-messages'
import { ApiErrorNotice } from '../lib/api-error-notice'
import {
  checkDraft,
  RESPONSE_TYPE_CHOICES,
  toLabRequest,
  type EditorDraft,
  type EditorField,
} from './editor-draft'
import { LAB_REQUEST_FIELDS, refusedField, type LabRequestField } from './lab-errors'
import { startLabRun } from './lab-queries'
import { labMessages } from './messages'
import { Choice, TextInput } from './editor-fields'
import { RequestPreview } from './request-preview'
import type { PresetId } from './scenarios'
import {
  LAB_AFTER_RETURN,
  LAB_PKCE_MODES,
  LAB_REDIRECT_MODES,
  LAB_STATE_MODES,
} from '../../protocol/lab-api'

/** What to do once a scenario's preset is in the editor: approve, except where it says. */
function presetNext(m: (typeof labMessages)['presets'], id: PresetId): string {
  return id === 'consent-denied'
    ? m.deny
    : id === 'redirect-uri-authorize'
      ? m.errorPage
      : m.approve
}

/** The editor's heading: a preset loaded from a scenario's card brings the focus here. */
export const EDITOR_HEADING_ID = 'lab-editor-title'

/** The element a refused field brings the focus to: its input, or its group's chosen radio. */
function focusField(idBase: string, field: LabRequestField): void {
  const target =
    document.getElementById(`${idBase}-${field}`) ??
    document.querySelector<HTMLElement>(`#${CSS.escape(`${idBase}-${field}-group`)} input:checked`)
  target?.focus()
}

export function LabEditor({
  config,
  draft,
  onChange,
  preset,
}: {
  config: PlaygroundConfig | undefined
  draft: EditorDraft
  onChange: (draft: EditorDraft) => void
  /** The scenario whose preset was loaded last, to say what to do next; null when none. */
  preset: { id: PresetId; title: string } | null
}) {
  const m = useMessages('lab', labMessages)
  const e = m.editor
  // The connect page's own words for the same moment.
  const connect = useMessages('connect', connectMessages)
  const idBase = useId()
  const [isChecked, setIsChecked] = useState(false)
  const [isRedirecting, setIsRedirecting] = useState(false)
  const [focusRequest, setFocusRequest] = useState<{ field: LabRequestField } | null>(null)
  const start = useMutation({
    mutationFn: startLabRun,
    onSuccess: (answer) => {
      setIsRedirecting(true)
      // A real navigation: the service's pages, then back to the registered redirect URI.
      window.location.assign(answer.authorizeUrl)
    },
    onError: (error) => {
      const refused = refusedField(error)
      if (refused !== null) setFocusRequest({ field: refused.field })
    },
  })
  useEffect(() => {
    if (focusRequest !== null) focusField(idBase, focusRequest.field)
  }, [focusRequest, idBase])

  const problems = isChecked ? checkDraft(draft) : {}
  const refused = refusedField(start.error)
  const errorOf = (field: LabRequestField): string | null => {
    const problem =
      (field === 'ownState' || field === 'responseType') && problems[field as EditorField]
    if (problem) return e.problems[field as EditorField][problem]
    return refused?.field === field ? e.refusedHere : null
  }
  const change = (next: Partial<EditorDraft>) => {
    if (start.isError) start.reset()
    onChange({ ...draft, ...next })
  }
  const run = () => {
    setIsChecked(true)
    const found = checkDraft(draft)
    const first = LAB_REQUEST_FIELDS.find((field) => found[field as EditorField] !== undefined)
    if (first !== undefined) {
      setFocusRequest({ field: first })
      return
    }
    start.mutate(toLabRequest(draft))
  }
  const isBusy = start.isPending || isRedirecting
  const selection = previewSelection(draft.scopes)
  const id = (field: LabRequestField) => `${idBase}-${field}`

  return (
    <section className="stack" aria-labelledby={EDITOR_HEADING_ID}>
      <h2 id={EDITOR_HEADING_ID} tabIndex={-1}>
        {e.heading}
      </h2>
      <p className="field-hint">{e.hint}</p>
      {preset !== null && (
        <div className="notice">
          <p className="notice-title">{m.presets.loaded({ title: preset.title })}</p>
          <p>{presetNext(m.presets, preset.id)}</p>
        </div>
      )}
      <div className="connect-grid">
        <form
          className="card"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            run()
          }}
        >
          <div>
            <p className="notice-title">{e.client}</p>
            {config === undefined ? (
              <span className="skeleton skeleton-line" />
            ) : (
              <code className="preview-value">{config.clientId}</code>
            )}
            <p className="field-hint">
              <Link to="/app">{e.useOwnApp}</Link>
            </p>
          </div>
          <div id={`${id('scopes')}-group`}>
            <p className="notice-title">{e.scopes}</p>
            <ScopePicker
              selected={draft.scopes}
              preview={selection}
              onToggle={(scope, isTicked) =>
                change({ scopes: toggleScope(draft.scopes, scope, isTicked) })
              }
            />
          </div>
          <Choice
            id={id('stateMode')}
            legend="state"
            choices={LAB_STATE_MODES}
            labels={e.stateModes}
            value={draft.stateMode}
            onChange={(stateMode) => change({ stateMode })}
            error={errorOf('stateMode')}
          >
            {draft.stateMode === 'own' && (
              <TextInput
                id={id('ownState')}
                label={e.ownState}
                value={draft.ownState}
                onChange={(ownState) => change({ ownState })}
                error={errorOf('ownState')}
              />
            )}
          </Choice>
          <Choice
            id={id('redirect')}
            legend="redirect_uri"
            choices={LAB_REDIRECT_MODES}
            labels={{
              registered: (
                <>
                  {e.redirectModes.registered}{' '}
                  {config && <code className="scope-note">{config.redirectUri}</code>}
                </>
              ),
              changed: (
                <>
                  {e.redirectModes.changed}{' '}
                  {config && (
                    <code className="scope-note">{changedRedirectUri(config.redirectUri)}</code>
                  )}
                </>
              ),
            }}
            value={draft.redirect}
            onChange={(redirect) => change({ redirect })}
            error={errorOf('redirect')}
          />
          <Choice
            id={id('responseType')}
            legend="response_type"
            choices={RESPONSE_TYPE_CHOICES}
            labels={e.responseTypes}
            value={draft.responseType}
            onChange={(responseType) => change({ responseType })}
            error={draft.responseType === 'other' ? null : errorOf('responseType')}
          >
            {draft.responseType === 'other' && (
              <TextInput
                id={id('responseType')}
                label={e.otherResponseType}
                value={draft.otherResponseType}
                onChange={(otherResponseType) => change({ otherResponseType })}
                error={errorOf('responseType')}
              />
            )}
          </Choice>
          <Choice
            id={id('pkce')}
            legend="PKCE"
            choices={LAB_PKCE_MODES}
            labels={{ S256: 'S256', ...e.pkceModes }}
            value={draft.pkce}
            onChange={(pkce) => change({ pkce })}
            error={errorOf('pkce')}
          />
          <Choice
            id={id('afterReturn')}
            legend={e.afterReturn}
            choices={LAB_AFTER_RETURN}
            labels={e.afterReturns}
            value={draft.afterReturn}
            onChange={(afterReturn) => change({ afterReturn })}
            error={errorOf('afterReturn')}
          />
          <div className="connect-actions">
            <button type="submit" className="btn btn-primary btn-large" disabled={isBusy}>
              {isBusy ? e.starting : e.run}
            </button>
            {isRedirecting && <p className="field-hint">{connect.redirecting}</p>}
          </div>
          {refused !== null ? (
            <p className="notice notice-error" role="alert">
              {e.refused({ message: <span lang="en">{refused.message}</span> })}
            </p>
          ) : (
            start.isError && <ApiErrorNotice error={start.error} onRetry={run} />
          )}
        </form>
        <RequestPreview config={config} draft={draft} scopeParam={selection.scopeParam} />
      </div>
    </section>
  )
}
