import type { connectMessages } from './messages'

export const connectMessagesZh: typeof connectMessages = {}
