import { useEffect, useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import type { StartLoginRequest } from '../../protocol/playground-api'
import { safeReturnTo } from '../../protocol/return-to'
import { pendingStates } from './pending-states'
import { startLogin } from './login-requests'

/**
 * docs/security.md#b6: a `returnTo` the protocol's guard refuses is not sent (the proxy refuses it
 * too).
 */
function withSafeReturnTo({ returnTo, ...rest }: StartLoginRequest): StartLoginRequest {
  const safe = safeReturnTo(returnTo)
  return safe === null ? rest : { ...rest, returnTo: safe }
}

/**
 * Starts an authorization-code login (`POST /auth/start {scopes, returnTo}`) and leaves for the
 * service's authorize page. The one way the app does it: the connect page's Connect button and
 * a panel's "grant a missing scope" (incremental consent) alike.
 */
export function useStartLogin() {
  const [isRedirecting, setIsRedirecting] = useState(false)
  const start = useMutation({
    mutationFn: (request: StartLoginRequest) => startLogin(withSafeReturnTo(request)),
    onSuccess: (response, request) => {
      // Binds the login to this tab: the callback accepts only a state this tab remembered. With
      // what it asked for, so that the callback's "Start again" asks for the same
      // (docs/security.md#b6): the connect page's Connect and a panel's "grant a missing scope"
      // alike.
      const { scopes, returnTo } = withSafeReturnTo(request)
      pendingStates.remember(response.state, { scopes, returnTo: returnTo ?? null })
      setIsRedirecting(true)
      window.location.assign(response.authorizeUrl)
    },
  })

  // Back from the authorize page, the browser may restore this page as it was: busy.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setIsRedirecting(false)
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [])

  return { start, isRedirecting }
}
