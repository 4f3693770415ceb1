/**
 * What the lookup page shows under its form, as a pure state machine (the page only renders it).
 * The result belongs to the key in the address; a refused submission drops it, so a stale "no
 * such user" never sits under a new validation error as if it answered the new input; a found
 * user is announced once (WCAG 4.1.3, Status Messages).
 */
export interface LookupView {
  /** The key in the address that the rest describes. */
  addressKey: string
  /** A submission was refused since the address's key was shown. */
  isResultDropped: boolean
  /** The status region's text: set once when a user is found, cleared by anything newer. */
  announcement: string
}

export type LookupEvent =
  | { type: 'address'; key: string }
  | { type: 'refused' }
  | { type: 'accepted' }
  | { type: 'found'; text: string }

export function initialLookupView(addressKey: string): LookupView {
  return { addressKey, isResultDropped: false, announcement: '' }
}

export function nextLookupView(view: LookupView, event: LookupEvent): LookupView {
  switch (event.type) {
    case 'address':
      return event.key === view.addressKey ? view : initialLookupView(event.key)
    case 'refused':
      return { ...view, isResultDropped: true, announcement: '' }
    case 'accepted':
      // The same key again shows its result again; a new one arrives as an address change.
      return view.isResultDropped ? { ...view, isResultDropped: false } : view
    case 'found':
      return view.isResultDropped || view.announcement === event.text
        ? view
        : { ...view, announcement: event.text }
  }
}
