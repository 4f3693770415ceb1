import type { inspectorMessages } from './messages'

export const inspectorMessagesZh: typeof inspectorMessages = {}
