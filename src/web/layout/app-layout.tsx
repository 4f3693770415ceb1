import { Outlet, useNavigation } from 'react-router-dom'
import { useMessages } from '../i18n/use-messages'
import { AppHeader } from './app-header'
import { Banners } from './banners'
import { appMessages } from './messages'
import { StatusBar } from './status-bar'
import { useFocusRule } from './use-focus-rule'
import './layout.css'

export function AppLayout() {
  const m = useMessages('app', appMessages)
  const navigation = useNavigation()
  const announcement = useFocusRule()
  return (
    <>
      <a className="skip-link" href="#main">
        {m.skipLink}
      </a>
      <AppHeader />
      <StatusBar />
      {navigation.state === 'loading' && <div className="route-progress" aria-hidden="true" />}
      <Banners />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {/* The route announcer (focus-heading.ts): drawn empty from the start, so it is a live
          region before its first news. */}
      <p className="visually-hidden" role="status">
        {announcement && m.routeAnnounced({ title: announcement })}
      </p>
    </>
  )
}
