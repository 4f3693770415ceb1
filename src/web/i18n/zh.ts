/**
 * Every namespace's Chinese messages, one chunk loaded when Chinese is chosen (i18n-store.ts),
 * but the flow lab's, which load with its page (lab.zh.ts).
 * Each is declared with its English catalog's type (catalog.ts), so the two cannot drift apart.
 */
import { appMessagesZh } from '../layout/messages.zh'
import { callbackMessagesZh } from '../callback/messages.zh'
import { clientCodeMessagesZh } from '../client-code/messages.zh'
import { commonMessagesZh } from '../lib/messages.zh'
import { connectMessagesZh } from '../connect/messages.zh'
import { connectedMessagesZh } from '../layout/connected-messages.zh'
import { explorerMessagesZh } from '../explorer/messages.zh'
import { helloMessagesZh } from '../hello/messages.zh'
import { inspectorMessagesZh } from '../inspector/messages.zh'
import { notFoundMessagesZh } from '../layout/not-found-messages.zh'
import { noticeMessagesZh } from '../layout/notice-messages.zh'
import { profileMessagesZh } from '../profile/messages.zh'
import { responseMessagesZh } from '../explorer/response-messages.zh'
import { scopesMessagesZh } from '../scopes/messages.zh'
import { sessionMessagesZh } from '../session/messages.zh'
import { snippetMessagesZh } from '../lib/snippets/snippet-messages.zh'
import { userCardMessagesZh } from '../lib/user-card-messages.zh'
import { usersMessagesZh } from '../users/messages.zh'
import { yourAppMessagesZh } from '../your-app/messages.zh'

export const zhCatalogs = {
  app: appMessagesZh,
  callback: callbackMessagesZh,
  clientCode: clientCodeMessagesZh,
  common: commonMessagesZh,
  connect: connectMessagesZh,
  connected: connectedMessagesZh,
  explorer: explorerMessagesZh,
  hello: helloMessagesZh,
  inspector: inspectorMessagesZh,
  notFound: notFoundMessagesZh,
  notices: noticeMessagesZh,
  profile: profileMessagesZh,
  response: responseMessagesZh,
  scopes: scopesMessagesZh,
  session: sessionMessagesZh,
  snippets: snippetMessagesZh,
  userCard: userCardMessagesZh,
  users: usersMessagesZh,
  yourApp: yourAppMessagesZh,
}

export type ZhCatalogs = typeof zhCatalogs
