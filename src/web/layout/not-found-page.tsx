import { Link, useLocation } from 'react-router-dom'
import { useMessages } from '../i18n/use-messages'
import { notFoundMessages } from './not-found-messages'

export function NotFoundPage() {
  const m = useMessages('notFound', notFoundMessages)
  const location = useLocation()
  return (
    <div className="page page-narrow">
      <title>{m.pageTitle}</title>
      <div className="card empty-state">
        <h1>{m.title}</h1>
        <p>
          {m.before}
          <code>{location.pathname}</code>
          {m.after}
        </p>
        <p className="notice-actions">
          <Link className="btn btn-primary" to="/">
            {m.goToConnect}
          </Link>
          <Link className="btn" to="/users">
            {m.lookUpUser}
          </Link>
        </p>
      </div>
    </div>
  )
}
