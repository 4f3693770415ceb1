import { formatNumber } from '../i18n/format'
import { useLocale, useMessages } from '../i18n/use-messages'
import type { ResponseMeta } from './api-client'
import { commonMessages } from './messages'
import './page.css'

/** The response's headers that matter to an integrator, under the data they came with. */
export function ResponseMetaLine({ request, meta }: { request: string; meta: ResponseMeta }) {
  const m = useMessages('common', commonMessages).meta
  const locale = useLocale()
  const { limit, remaining } = meta.rateLimit
  const count = (value: number | null) => (value === null ? '?' : formatNumber(locale, value))
  return (
    <dl className="response-meta" aria-label={m.label}>
      <div>
        <dt>{m.request}</dt>
        <dd className="mono">
          {request} → {meta.status}
        </dd>
      </div>
      <div>
        <dt>X-OAuth-Scopes</dt>
        <dd className="mono">
          {meta.grantedScopes === null ? m.absent : meta.grantedScopes.join(',') || m.noScopes}
        </dd>
      </div>
      <div>
        <dt>X-Accepted-OAuth-Scopes</dt>
        <dd className="mono">{meta.acceptedScopes.join(',') || m.noneNeeded}</dd>
      </div>
      <div>
        <dt>X-RateLimit</dt>
        <dd className="mono">
          {count(remaining)} / {count(limit)}
        </dd>
      </div>
    </dl>
  )
}
