import { Outlet, useNavigation } from 'react-router-dom'
import { AppHeader } from './app-header'
import { Banners } from './banners'
import { StatusBar } from './status-bar'
import './layout.css'

export function AppLayout() {
  const navigation = useNavigation()
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppHeader />
      <StatusBar />
      {navigation.state === 'loading' && <div className="route-progress" aria-hidden="true" />}
      <Banners />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  )
}
