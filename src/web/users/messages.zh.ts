import type { usersMessages } from './messages'

export const usersMessagesZh: typeof usersMessages = {}
