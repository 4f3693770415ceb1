/**
 * `/explore`: every operation of the API (the endpoint table, described by the OpenAPI
 * document's catalogue), grouped by tag and searchable; the chosen one's form beside it. The
 * operation and its inputs live in the URL (explorer-state.ts), so a link reproduces the form.
 *
 * The catalogue is one tab stop (WAI-ARIA APG, roving tabindex: ↑ ↓ Home End move within it),
 * so Send is a few Tab presses from the top (e2e/explorer-keyboard.spec.ts); choosing an
 * operation moves focus to its form, and a "Skip to the form" link goes there from the top.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router-dom'
import { requestLine } from '../../protocol/endpoint-path'
import { useMessages } from '../i18n/use-messages'
import { forgetHistory } from './call-history'
import { forgetChain } from './chain'
import {
  chosenId,
  filterEndpoints,
  findEndpoint,
  FOCUS_FORM,
  FORM_TARGET_ID,
  groupByTag,
  writeInputs,
  type ExplorerNavState,
} from './explorer-state'
import { HistoryList } from './history-list'
import { explorerMessages } from './messages'
import { OperationPanel } from './operation-panel'
import { PathText } from './path-text'
import { SUMMARIES_EN } from './summaries-en'
import { useForgetOnDisconnect } from './use-forget-account'
import '../lib/page.css'
import './explorer.css'

function CatalogueNav({ chosen }: { chosen: string | null }) {
  const m = useMessages('explorer', explorerMessages)
  const [search, setSearch] = useState('')
  const [active, setActive] = useState<string | null>(null)
  const listRef = useRef<HTMLDivElement>(null)
  const searchId = useId()
  // English summaries are always here; Chinese ones once the Chinese catalogs are (messages.zh.ts).
  const summaries = m.summaries === SUMMARIES_EN ? [SUMMARIES_EN] : [m.summaries, SUMMARIES_EN]
  const groups = groupByTag(filterEndpoints(search, summaries))
  const visible = groups.flatMap(([, endpoints]) => endpoints.map((endpoint) => endpoint.id))
  const tabStop =
    active !== null && visible.includes(active)
      ? active
      : chosen !== null && visible.includes(chosen)
        ? chosen
        : visible[0]

  const focusLink = (index: (links: HTMLAnchorElement[], at: number) => number) => {
    const links = [...(listRef.current?.querySelectorAll<HTMLAnchorElement>('a.explorer-op') ?? [])]
    const at = links.findIndex((link) => link === document.activeElement)
    const next = links[Math.max(0, Math.min(links.length - 1, index(links, at)))]
    next?.focus()
    setActive(next?.dataset.op ?? null)
  }
  const onListKey = (event: KeyboardEvent) => {
    const moves: Record<string, (links: HTMLAnchorElement[], at: number) => number> = {
      ArrowDown: (_, at) => at + 1,
      ArrowUp: (_, at) => at - 1,
      Home: () => 0,
      End: (links) => links.length - 1,
    }
    const move = moves[event.key]
    if (move === undefined) return
    event.preventDefault()
    focusLink(move)
  }
  const onSearchKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown') return
    event.preventDefault()
    listRef.current?.querySelector<HTMLAnchorElement>('a.explorer-op[tabindex="0"]')?.focus()
  }

  return (
    <nav className="card explorer-catalogue" aria-label={m.operations}>
      <label htmlFor={searchId}>{m.find}</label>
      <input
        id={searchId}
        type="search"
        className="input"
        placeholder={m.findPlaceholder}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={onSearchKey}
        aria-describedby={`${searchId}-keys`}
      />
      <p id={`${searchId}-keys`} className="field-hint explorer-keys">
        {m.listHint}
      </p>
      {groups.length === 0 && <p className="muted">{m.noMatch({ search })}</p>}
      <div ref={listRef} onKeyDown={onListKey}>
        {groups.map(([tag, endpoints]) => (
          <section key={tag} aria-labelledby={`${searchId}-${tag}`}>
            <h2 id={`${searchId}-${tag}`} className="explorer-tag">
              {m.tags[tag]}
            </h2>
            <ul className="explorer-ops">
              {endpoints.map((endpoint) => (
                <li key={endpoint.id}>
                  <Link
                    to={{
                      search: writeInputs(endpoint.id, {
                        path: {},
                        query: {},
                        body: null,
                      }).toString(),
                    }}
                    state={FOCUS_FORM}
                    data-op={endpoint.id}
                    tabIndex={endpoint.id === tabStop ? 0 : -1}
                    onFocus={() => setActive(endpoint.id)}
                    aria-current={endpoint.id === chosen ? 'page' : undefined}
                    className="explorer-op"
                  >
                    <span className={`method method-${endpoint.method.toLowerCase()}`}>
                      {endpoint.method}
                    </span>
                    <span className="explorer-op-text">
                      <PathText className="mono explorer-op-path" path={endpoint.path} />
                      <span className="explorer-op-summary">{m.summaries[endpoint.id]}</span>
                      {m.rowNotes[endpoint.id] !== undefined && (
                        <span className="explorer-op-note">{m.rowNotes[endpoint.id]}</span>
                      )}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </nav>
  )
}

export function ExplorerPage() {
  const m = useMessages('explorer', explorerMessages)
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const id = chosenId(searchParams)
  const endpoint = findEndpoint(id)
  const focusForm = (location.state as Partial<ExplorerNavState> | null)?.focusForm === true
  useForgetOnDisconnect(() => {
    forgetChain()
    forgetHistory()
  })
  return (
    <div className="page explorer-page">
      <title>{m.documentTitle}</title>
      <header className="page-head">
        <h1>{m.title}</h1>
        <p className="lede">{m.lede}</p>
      </header>
      {endpoint !== undefined && (
        <a
          className="explorer-skip"
          href={`#${FORM_TARGET_ID}`}
          onClick={(event) => {
            event.preventDefault()
            document.getElementById(FORM_TARGET_ID)?.focus()
          }}
        >
          {m.skipToForm}
        </a>
      )}
      <div className="explorer-layout">
        <CatalogueNav chosen={id} />
        <div className="explorer-main">
          {endpoint === undefined ? (
            <section className="card empty-state">
              <p>{id === null ? m.pick : m.noSuchOperation({ id })}</p>
            </section>
          ) : (
            <OperationPanel
              key={endpoint.id}
              endpoint={endpoint}
              label={requestLine(endpoint)}
              focusOnOpen={focusForm}
            />
          )}
          <HistoryList />
        </div>
      </div>
    </div>
  )
}
