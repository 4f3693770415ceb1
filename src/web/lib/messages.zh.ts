import type { commonMessages } from './messages'

export const commonMessagesZh: typeof commonMessages = {}
