/**
 * `/explore`: every operation of the API (the endpoint table, described by the OpenAPI
 * document's catalogue), grouped by tag and searchable; the chosen one's form beside it. The
 * operation and its inputs live in the URL (explorer-state.ts), so a link reproduces the form.
 */
import { useId, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { requestLine } from '../../protocol/endpoint-path'
import { useMessages } from '../i18n/use-messages'
import { chosenId, filterEndpoints, findEndpoint, groupByTag, writeInputs } from './explorer-state'
import { explorerMessages } from './messages'
import { OperationPanel } from './operation-panel'
import { SUMMARIES_EN } from './summaries-en'
import '../lib/page.css'
import './explorer.css'

function CatalogueNav({ chosen }: { chosen: string | null }) {
  const m = useMessages('explorer', explorerMessages)
  const [search, setSearch] = useState('')
  const searchId = useId()
  // English summaries are always here; Chinese ones once the Chinese catalogs are (messages.zh.ts).
  const summaries = m.summaries === SUMMARIES_EN ? [SUMMARIES_EN] : [m.summaries, SUMMARIES_EN]
  const groups = groupByTag(filterEndpoints(search, summaries))
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
      />
      {groups.length === 0 && <p className="muted">{m.noMatch({ search })}</p>}
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
                  aria-current={endpoint.id === chosen ? 'page' : undefined}
                  className="explorer-op"
                >
                  <span className={`method method-${endpoint.method.toLowerCase()}`}>
                    {endpoint.method}
                  </span>
                  <span className="explorer-op-text">
                    <span className="mono explorer-op-path">{endpoint.path}</span>
                    <span className="explorer-op-summary">{m.summaries[endpoint.id]}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  )
}

export function ExplorerPage() {
  const m = useMessages('explorer', explorerMessages)
  const [searchParams] = useSearchParams()
  const id = chosenId(searchParams)
  const endpoint = findEndpoint(id)
  return (
    <div className="page explorer-page">
      <title>{m.documentTitle}</title>
      <header className="page-head">
        <h1>{m.title}</h1>
        <p className="lede">{m.lede}</p>
      </header>
      <div className="explorer-layout">
        <CatalogueNav chosen={id} />
        {endpoint === undefined ? (
          <section className="card empty-state">
            <p>{id === null ? m.pick : m.noSuchOperation({ id })}</p>
          </section>
        ) : (
          <OperationPanel key={endpoint.id} endpoint={endpoint} label={requestLine(endpoint)} />
        )}
      </div>
    </div>
  )
}
