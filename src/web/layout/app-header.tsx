import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { NavLink, useNavigate } from 'react-router-dom'
import { apiStatusStore } from '../lib/api-status-store'
import { describeApiError } from '../lib/describe-api-error'
import { logout, sessionQueries } from '../session/session-queries'
import { UserAvatar } from '../users/user-card'
import { userQueries } from '../users/user-queries'

const NAV = [
  { to: '/', label: 'Connect', end: true },
  { to: '/me', label: 'Profile', end: true },
  { to: '/hello', label: 'Hello', end: true },
  { to: '/users', label: 'Users', end: false },
] as const

function ConnectedUser() {
  const client = useQueryClient()
  const navigate = useNavigate()
  const me = useQuery(userQueries.me())
  const disconnect = useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      // Unmount what shows the account first, so clearing the cache refetches none of it.
      client.setQueryData(sessionQueries.current().queryKey, { connected: false })
      await navigate('/')
      // checklist I2: nothing of the account stays in the page.
      client.clear()
      apiStatusStore.resetForNewSession()
    },
  })

  return (
    <div className="header-user">
      {me.data ? (
        <span className="header-identity">
          <UserAvatar user={me.data.data} size="small" isDecorative />
          <span className="header-name">{me.data.data.name}</span>
        </span>
      ) : (
        <span className="header-identity">
          <span className="avatar avatar-small skeleton" />
          <span className="header-name muted">{me.isError ? 'unknown user' : 'loading…'}</span>
        </span>
      )}
      <button
        type="button"
        className="btn btn-small"
        onClick={() => disconnect.mutate()}
        disabled={disconnect.isPending}
      >
        {disconnect.isPending ? 'Disconnecting…' : 'Disconnect'}
      </button>
      {disconnect.isError && (
        <span className="header-error" role="alert">
          {describeApiError(disconnect.error).title}
        </span>
      )}
    </div>
  )
}

export function AppHeader() {
  const session = useQuery(sessionQueries.current())
  return (
    <header className="app-header">
      <div className="app-header-inner">
        <NavLink to="/" className="brand" end>
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span>
            Yuque OAuth <span className="brand-sub">Playground</span>
          </span>
        </NavLink>
        <nav aria-label="Main" className="main-nav">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {session.data?.connected === true && <ConnectedUser />}
      </div>
    </header>
  )
}
