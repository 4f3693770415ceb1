import type { clientCodeMessages } from './messages'

export const clientCodeMessagesZh: typeof clientCodeMessages = {}
