import { useEffect, useState } from 'react'

/** Whole seconds left until `until` (epoch ms), ticking every second; 0 once passed or null. */
export function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (until === null) return
    const tick = () => {
      const current = Date.now()
      setNow(current)
      if (current >= until) window.clearInterval(timer)
    }
    // Right away (a new deadline must not be measured from an old "now"), then every second.
    const first = window.setTimeout(tick, 0)
    const timer = window.setInterval(tick, 1000)
    return () => {
      window.clearTimeout(first)
      window.clearInterval(timer)
    }
  }, [until])
  if (until === null) return 0
  return Math.max(0, Math.ceil((until - now) / 1000))
}
