/**
 * `/lab`, the flow lab: what an integration with Yuque must survive besides the happy path, one
 * click each. At the top the editor (lab-editor.tsx), a request shaped by hand that really goes
 * to the service; below, the scenarios (scenario-list.tsx) the proxy runs whole against the
 * embedded emulator, alone or all of them (run-all-panel.tsx). The contract is
 * src/protocol/lab-api.ts. A link `/lab?scenario=<id>` opens a scenario and runs nothing
 * (lab-link.ts). Each outcome is told once in the page's one live region.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLocation } from 'react-router-dom'
import { LAB_SCENARIO_IDS, type LabScenarioId, type ScenarioResult } from '../../protocol/lab-api'
import { useMessages } from '../i18n/use-messages'
import { ApiErrorNotice } from '../lib/api-error-notice'
import { configQueries } from '../lib/config-queries'
import { DEFAULT_DRAFT, type EditorDraft } from './editor-draft'
import { EDITOR_HEADING_ID, LabEditor } from './lab-editor'
import { isLabMissing } from './lab-errors'
import { linkedScenario, scenarioHeadingId } from './lab-link'
import { labQueries } from './lab-queries'
import { labMessages } from './messages'
import { RunAllPanel } from './run-all-panel'
import type { RunAllRow } from './run-all'
import { ScenarioList } from './scenario-list'
import { applyPreset, type PresetId } from './scenarios'
import { useLabRuns } from './use-lab-runs'
import '../lib/page.css'

// The lab's return (`/lab/callback`) is in the lab's one chunk (app-router.tsx).
export { LabCallbackPage, labCallbackLoader } from './lab-callback-page'

/**
 * One polite live region whose text changes once per outcome. The same words twice in a row (a
 * scenario run again) differ by a trailing no-break space, so that they are read again.
 */
function useAnnouncer(): [string, (text: string) => void] {
  const [text, setText] = useState('')
  const count = useRef(0)
  const announce = useCallback((next: string) => {
    count.current += 1
    setText(count.current % 2 === 0 ? `${next}\u00a0` : next)
  }, [])
  return [text, announce]
}

/** Brings a scenario's heading into view and focus, once it is drawn (after the layout's focus rule). */
function useFocusOn(id: string | null, again?: unknown): void {
  useEffect(() => {
    if (id === null) return
    const timer = window.setTimeout(() => {
      const heading = document.getElementById(id)
      heading?.scrollIntoView({ block: 'start' })
      heading?.focus()
    }, 0)
    return () => window.clearTimeout(timer)
  }, [id, again])
}

export function LabPage() {
  const m = useMessages('lab', labMessages)
  const { search } = useLocation()
  const selected = linkedScenario(search)
  const status = useQuery(labQueries.status())
  const config = useQuery(configQueries.playground())
  const [draft, setDraft] = useState<EditorDraft>(DEFAULT_DRAFT)
  const [preset, setPreset] = useState<{ id: PresetId; at: number } | null>(null)
  const [announcement, announce] = useAnnouncer()
  const runs = useLabRuns(
    {
      outcome: (id: LabScenarioId, result: ScenarioResult | null) => {
        const title = m.scenarioWords[id].title
        if (result === null) return m.announce.result({ title, verdict: m.result.runFailed })
        return m.announce.result({
          title,
          verdict: result.passed ? m.result.passed : m.result.failed,
        })
      },
      allDone: (rows: readonly RunAllRow[], stopped: boolean, total: number) => {
        const passed = rows.filter(
          (row) => row.outcome.kind === 'result' && row.outcome.result.passed,
        ).length
        return stopped
          ? m.runAll.stoppedAfter({ done: rows.length, of: total, passed })
          : m.runAll.summary({ passed, of: total })
      },
    },
    announce,
  )

  // A link's scenario: in view and focused once the list is drawn with what runs here.
  const isListed = status.data !== undefined || status.isError
  useFocusOn(selected !== null && isListed ? scenarioHeadingId(selected) : null)
  // A preset loaded: the editor, with what to do next, in view and focused.
  useFocusOn(preset === null ? null : EDITOR_HEADING_ID, preset?.at)

  const loadPreset = (id: PresetId) => {
    setDraft(applyPreset(id, { ...DEFAULT_DRAFT, scopes: draft.scopes }))
    setPreset((old) => ({ id, at: (old?.at ?? 0) + 1 }))
    announce(m.presets.loaded({ title: m.scenarioWords[id].title }))
  }
  const runnable = LAB_SCENARIO_IDS.filter((id) => status.data?.runnable.includes(id) === true)
  const profile = status.data?.profile ?? null

  return (
    <div className="page">
      <title>{m.title}</title>
      <header className="page-head">
        <h1>{m.heading}</h1>
        <p className="lede">{m.lede}</p>
      </header>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <LabEditor
        config={config.data}
        draft={draft}
        onChange={setDraft}
        preset={preset === null ? null : { id: preset.id, title: m.scenarioWords[preset.id].title }}
      />
      {config.isError && (
        <ApiErrorNotice error={config.error} onRetry={() => void config.refetch()} />
      )}
      <section className="stack" aria-labelledby="lab-scenarios-title">
        <h2 id="lab-scenarios-title">{m.scenarios.heading}</h2>
        {status.isError ? (
          isLabMissing(status.error) ? (
            <p className="notice notice-warning">{m.notAvailable}</p>
          ) : (
            <ApiErrorNotice error={status.error} onRetry={() => void status.refetch()} />
          )
        ) : (
          <p className="field-hint">
            {status.data === undefined ? (
              <span className="skeleton skeleton-line" aria-hidden="true" />
            ) : profile !== null ? (
              m.scenarios.emulator({ profile: m.scenarios.profiles[profile] })
            ) : status.data.reason === 'real-service' ? (
              m.scenarios.realService
            ) : status.data.reason === 'lab-off' ? (
              m.scenarios.why['lab-off']
            ) : null}
          </p>
        )}
        {/* Drawn while the server is asked too (most servers run the emulator): nothing moves. */}
        {(status.isPending || runnable.length > 0) && <RunAllPanel runs={runs} ids={runnable} />}
        <ScenarioList
          status={
            // No lab on this server: nothing runs. Another failure: the actions keep their room
            // under the notice that offers to ask again.
            isLabMissing(status.error) ? { runnable: [], profile: null, reason: null } : status.data
          }
          runs={runs}
          selected={selected}
          onPreset={loadPreset}
        />
      </section>
    </div>
  )
}
