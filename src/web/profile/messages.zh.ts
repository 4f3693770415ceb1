import type { profileMessages } from './messages'

export const profileMessagesZh: typeof profileMessages = {}
