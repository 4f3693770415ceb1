/**
 * `/explore`: every operation of the API (the endpoint table, described by the OpenAPI
 * document's catalogue), grouped by tag and searchable; the chosen one's form beside it. The
 * operation and its inputs live in the URL (explorer-state.ts), so a link reproduces the form.
 */
import { useId, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { requestLine } from '../../protocol/endpoint-path'
import { CATALOGUE } from './catalogue.gen'
import { chosenId, filterEndpoints, findEndpoint, groupByTag, writeInputs } from './explorer-state'
import { OperationPanel } from './operation-panel'
import { SUMMARIES_EN } from './summaries-en'
import '../lib/page.css'
import './explorer.css'

function CatalogueNav({ chosen }: { chosen: string | null }) {
  const [search, setSearch] = useState('')
  const searchId = useId()
  const groups = groupByTag(filterEndpoints(search))
  return (
    <nav className="card explorer-catalogue" aria-label="API operations">
      <label htmlFor={searchId}>Find an operation</label>
      <input
        id={searchId}
        type="search"
        className="input"
        placeholder="path, summary (中文 or English), scope"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {groups.length === 0 && <p className="muted">No operation matches “{search}”.</p>}
      {groups.map(([tag, endpoints]) => (
        <section key={tag} aria-labelledby={`${searchId}-${tag}`}>
          <h2 id={`${searchId}-${tag}`} className="explorer-tag">
            {tag}
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
                    <span className="explorer-op-summary">
                      {CATALOGUE[endpoint.id]?.zh ?? SUMMARIES_EN[endpoint.id]}
                    </span>
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
  const [searchParams] = useSearchParams()
  const id = chosenId(searchParams)
  const endpoint = findEndpoint(id)
  return (
    <div className="page explorer-page">
      <title>API explorer · Yuque OAuth Playground</title>
      <header className="page-head">
        <h1>API explorer</h1>
        <p className="lede">
          Every operation of the Yuque Open API v2, called through the playground’s proxy with your
          session’s token. Nothing is sent until you press Send.
        </p>
      </header>
      <div className="explorer-layout">
        <CatalogueNav chosen={id} />
        {endpoint === undefined ? (
          <section className="card empty-state">
            <p>
              {id === null
                ? 'Pick an operation to see its parameters and call it.'
                : `There is no operation “${id}”: pick one from the list.`}
            </p>
          </section>
        ) : (
          <OperationPanel key={endpoint.id} endpoint={endpoint} label={requestLine(endpoint)} />
        )}
      </div>
    </div>
  )
}
