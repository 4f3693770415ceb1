import { useSyncExternalStore } from 'react'
import { currentLocale, messagesOf, subscribeLocale } from './i18n-store'
import type { Messages, Namespace } from './catalog'
import type { Locale } from './locale'

/** The current language; a component that calls it re-renders when the language changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribeLocale, currentLocale, currentLocale)
}

/** A namespace's messages in the current language: `const m = useMessages('connect', connectMessages)`. */
export function useMessages<N extends Namespace>(namespace: N, en: Messages<N>): Messages<N> {
  useLocale()
  return messagesOf(namespace, en)
}
