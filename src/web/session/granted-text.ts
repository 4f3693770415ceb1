/**
 * The last step of a login, said the same after either flow (the callback page, the
 * client-code page): what the token was granted, against what was asked (RFC 6749 §5.1: the
 * service may grant fewer scopes than requested). `none` is the page's word for no scope.
 */
import { messagesOf } from '../i18n/i18n-store'
import { sessionMessages } from './messages'

export function connectedLabel(): string {
  return messagesOf('session', sessionMessages).connected
}

export function grantedText(scope: string, requested: string, none: string): string {
  const m = messagesOf('session', sessionMessages)
  return scope === requested
    ? m.granted({ scope: scope || none })
    : m.grantedFewer({ scope: scope || none, requested: requested || none })
}
