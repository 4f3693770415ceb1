import type { appMessages } from './messages'

export const appMessagesZh: typeof appMessages = {}
