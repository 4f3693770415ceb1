/**
 * What the explorer holds of the connected account (the last response, the values seen and
 * picked, the recent calls) goes when the session does: a Disconnect here or in another tab
 * (the session query turns not connected: src/web/session/tab-sync.ts), as the other caches do
 * (docs/security.md#i2).
 */
import { useEffect, useRef } from 'react'
import { useQuery } from '@tanstack/react-query'
import { sessionQueries } from '../session/session-queries'

/** Calls `forget` when the session goes from connected to not connected. Returns whether connected. */
export function useForgetOnDisconnect(forget: () => void): boolean {
  const session = useQuery(sessionQueries.current())
  const connected = session.data?.connected === true
  const wasConnected = useRef(connected)
  const latest = useRef(forget)
  useEffect(() => {
    latest.current = forget
  })
  useEffect(() => {
    if (wasConnected.current && !connected) latest.current()
    wasConnected.current = connected
  }, [connected])
  return connected
}
