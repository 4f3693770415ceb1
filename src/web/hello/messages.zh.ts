import type { helloMessages } from './messages'

export const helloMessagesZh: typeof helloMessages = {}
