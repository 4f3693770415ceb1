import { Link, useLocation } from 'react-router-dom'
import { useMessages } from '../i18n/use-messages'
import { connectHref } from './connect-link'
import { commonMessages } from './messages'

/** `what` is the caller's own, translated noun phrase ("Your profile" / "你的个人资料"). */
export function ConnectFirst({ what }: { what: string }) {
  const m = useMessages('common', commonMessages).connectFirst
  const location = useLocation()
  return (
    <div className="card empty-state">
      <h2>{m.title}</h2>
      <p>{m.text({ what })}</p>
      <Link className="btn btn-primary" to={connectHref(location.pathname)}>
        {m.goToConnect}
      </Link>
    </div>
  )
}
