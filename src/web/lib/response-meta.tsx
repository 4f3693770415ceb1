import type { ResponseMeta } from './api-client'
import './page.css'

/** The response's headers that matter to an integrator, under the data they came with. */
export function ResponseMetaLine({ request, meta }: { request: string; meta: ResponseMeta }) {
  const { limit, remaining } = meta.rateLimit
  return (
    <dl className="response-meta" aria-label="Response headers">
      <div>
        <dt>request</dt>
        <dd className="mono">
          {request} → {meta.status}
        </dd>
      </div>
      <div>
        <dt>X-OAuth-Scopes</dt>
        <dd className="mono">
          {meta.grantedScopes === null ? 'absent' : meta.grantedScopes.join(',') || '(none)'}
        </dd>
      </div>
      <div>
        <dt>X-Accepted-OAuth-Scopes</dt>
        <dd className="mono">{meta.acceptedScopes.join(',') || '(none needed)'}</dd>
      </div>
      <div>
        <dt>X-RateLimit</dt>
        <dd className="mono">
          {remaining ?? '?'} / {limit ?? '?'}
        </dd>
      </div>
    </dl>
  )
}
