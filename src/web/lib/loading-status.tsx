import type { ReactNode } from 'react'

/**
 * A skeleton that assistive technology hears: a status region with hidden "Loading …" text, the
 * drawn placeholders hidden from it (WAI-ARIA: aria-busy and aria-label on a role-less div say
 * nothing). Use it for every skeleton: `<LoadingStatus label={m.loadingUser} className="card">`.
 */
export function LoadingStatus({
  label,
  className,
  children,
}: {
  label: string
  className?: string
  children: ReactNode
}) {
  return (
    <div role="status" className={className}>
      <span className="visually-hidden">{label}</span>
      <div aria-hidden="true" className="loading-status-shapes">
        {children}
      </div>
    </div>
  )
}
