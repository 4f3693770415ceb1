import { Link, useLocation } from 'react-router-dom'

export function NotFoundPage() {
  const location = useLocation()
  return (
    <div className="page page-narrow">
      <title>Not found · Yuque OAuth Playground</title>
      <div className="card empty-state">
        <h1>Page not found</h1>
        <p>
          Nothing lives at <code>{location.pathname}</code> in the playground.
        </p>
        <p className="notice-actions">
          <Link className="btn btn-primary" to="/">
            Go to Connect
          </Link>
          <Link className="btn" to="/users">
            Look up a user
          </Link>
        </p>
      </div>
    </div>
  )
}
