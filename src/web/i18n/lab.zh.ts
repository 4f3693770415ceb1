/**
 * The flow lab's Chinese messages (its page, its results, the code to take home): a chunk of
 * their own, loaded with the lab's page when Chinese is chosen, and with Chinese once the lab has
 * been opened (i18n-store.ts). Most readers of the Chinese pages never open the lab; in the
 * catalog (zh.ts) its words were a quarter of it (bench/bundle-budget.test.ts, the route budget).
 */
import { flowMessagesZh } from '../lib/snippets/flow-messages.zh'
import { labMessagesZh } from '../lab/messages.zh'
import { labResultMessagesZh } from '../lab/result-messages.zh'

export const zhLabCatalogs = {
  lab: labMessagesZh,
  labResult: labResultMessagesZh,
  takeHome: flowMessagesZh,
}

export type ZhLabCatalogs = typeof zhLabCatalogs
