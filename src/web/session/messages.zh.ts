import type { sessionMessages } from './messages'

export const sessionMessagesZh: typeof sessionMessages = {}
