import type { scopesMessages } from './messages'

export const scopesMessagesZh: typeof scopesMessages = {}
