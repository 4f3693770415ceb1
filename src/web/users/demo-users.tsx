import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { configQueries } from '../lib/config-queries'
import { ServiceText } from '../i18n/service-text'
import { useMessages } from '../i18n/use-messages'
import { usersMessages } from './messages'

/**
 * The embedded emulator's demo users (src/emulator/seed.ts, the sign-in page lists the same).
 * The web app may not import the emulator (docs/decisions/0002-import-boundaries.md); the e2e
 * test "the emulator's demo users are listed" looks each one up, so a renamed user fails it.
 */
const EMULATOR_DEMO_USERS = [
  { login: 'alice', name: 'Alice Chen' },
  { login: 'bob', name: 'Bob Martin' },
  { login: 'wangxiaoming', name: '王小明' },
  { login: 'carol', name: 'Carol Díaz' },
] as const

/** Logins to try, shown only when the playground talks to its emulator (GET /auth/config). */
export function DemoUsers() {
  const m = useMessages('users', usersMessages)
  const config = useQuery(configQueries.playground())
  if (config.data?.service !== 'emulator') return null
  return (
    <p className="field-hint">
      {m.demoUsersLead}
      {EMULATOR_DEMO_USERS.map((user, index) => (
        <span key={user.login}>
          {index > 0 && m.listSeparator}
          <Link to={`/users/${user.login}`} className="mono">
            {user.login}
          </Link>
          {m.nameOpen}
          <ServiceText text={user.name} />
          {m.nameClose}
        </span>
      ))}
    </p>
  )
}
