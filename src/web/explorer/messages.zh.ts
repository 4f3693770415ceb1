import type { explorerMessages } from './messages'

export const explorerMessagesZh: typeof explorerMessages = {}
