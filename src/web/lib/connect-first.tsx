import { Link, useLocation } from 'react-router-dom'
import { connectHref } from './connect-link'

export function ConnectFirst({ what }: { what: string }) {
  const location = useLocation()
  return (
    <div className="card empty-state">
      <h2>Connect first</h2>
      <p>
        {what} belongs to a connected account. Connect one through the service&apos;s consent page,
        then come back here.
      </p>
      <Link className="btn btn-primary" to={connectHref(location.pathname)}>
        Go to Connect
      </Link>
    </div>
  )
}
