/**
 * Every header of the answer, the key ones first and marked: the rate limit, the scopes,
 * Retry-After (docs/service.md#rate-limits, #scope-headers), the content type and a request id.
 * The proxy passes back only the service's rate-limit, scope and Retry-After headers
 * (PASSED_HEADERS in src/proxy/api/api-routes.ts); the rest are its own, and the list says so.
 */
import { formatNumber } from '../i18n/format'
import { useLocale, useMessages } from '../i18n/use-messages'
import { responseMessages } from './response-messages'
import { orderHeaders } from './response-tree'

export function ResponseHeaders({ headers }: { headers: Headers }) {
  const m = useMessages('response', responseMessages)
  const locale = useLocale()
  const rows = orderHeaders(headers)
  return (
    <details className="response-headers">
      <summary>
        {m.headers}
        <span className="muted">{m.headerCount({ count: formatNumber(locale, rows.length) })}</span>
      </summary>
      <p className="field-hint">{m.headersHint}</p>
      <dl className="props explorer-headers">
        {rows.map(({ name, value, isKey }) => (
          <div key={name} className="props-row">
            <dt className="mono">
              {isKey ? <strong>{name}</strong> : name}
              {isKey && <span className="visually-hidden"> ({m.keyHeader})</span>}
            </dt>
            <dd className="mono">{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  )
}
