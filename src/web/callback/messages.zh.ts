import type { callbackMessages } from './messages'

export const callbackMessagesZh: typeof callbackMessages = {}
