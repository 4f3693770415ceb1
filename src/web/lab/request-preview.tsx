/**
 * The editor's request as it will leave: its parameters, each with what it is for (or what the
 * change does), and the whole URL, from the connect page's own preview functions
 * (src/web/connect/scope-selection.ts) given the editor's options; `state` and the challenge are
 * placeholders until the proxy makes them. Updated as the editor changes.
 */
import type { PlaygroundConfig } from '../../protocol/playground-api'
import { connectMessages } from '../connect/messages'
import { authorizeParams, authorizeUrlPreview, type ParamNotes } from '../connect/scope-selection'
import { useMessages } from '../i18n/use-messages'
import { ParamsTable } from '../lib/params-table'
import { previewOptionsOf, type EditorDraft } from './editor-draft'
import { labMessages } from './messages'

type Changed = (typeof labMessages)['preview']['changed']

/** The connect page's note of each parameter, or what the editor's change does to it. */
export function notesFor(draft: EditorDraft, notes: ParamNotes, changed: Changed): ParamNotes {
  return {
    ...notes,
    ...(draft.stateMode === 'own' ? { state: changed.state } : {}),
    ...(draft.redirect === 'changed' ? { redirect_uri: changed.redirect_uri } : {}),
    ...(draft.responseType === 'code' ? {} : { response_type: changed.response_type }),
    ...(draft.pkce === 'plain'
      ? {
          code_challenge: changed.code_challenge,
          code_challenge_method: changed.code_challenge_method,
        }
      : {}),
  }
}

export function RequestPreview({
  config,
  draft,
  scopeParam,
}: {
  config: PlaygroundConfig | undefined
  draft: EditorDraft
  scopeParam: string
}) {
  const m = useMessages('lab', labMessages).preview
  const connect = useMessages('connect', connectMessages)
  const options = previewOptionsOf(draft)
  // The connect page's placeholders, but for the state made when Run is pressed.
  const placeholders = { ...connect.placeholders, ...m.placeholders }
  return (
    <section className="card preview" aria-labelledby="lab-preview-title">
      <h3 id="lab-preview-title">{connect.previewHeading}</h3>
      {config === undefined ? (
        // The connect page's skeleton, of the table's height: nothing moves when it comes.
        <div className="skeleton preview-params-skeleton" aria-hidden="true" />
      ) : (
        <>
          <ParamsTable
            caption={connect.paramsCaption}
            rows={authorizeParams(
              config,
              scopeParam,
              notesFor(draft, connect.paramNotes, m.changed),
              placeholders,
              options,
            )}
          />
          {draft.stateMode === 'omitted' && <p className="field-hint">{m.changed.noState}</p>}
          {draft.pkce === 'off' && <p className="field-hint">{m.changed.noPkce}</p>}
          <p className="preview-label">{connect.urlLabel}</p>
          <code className="url-preview">
            {authorizeUrlPreview(config, scopeParam, placeholders, options)}
          </code>
        </>
      )}
    </section>
  )
}
