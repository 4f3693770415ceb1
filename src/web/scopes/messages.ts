/** The scopes namespace's English messages (src/web/i18n/catalog.ts says how to write them). */
import type { ScopeUse } from '../lib/scope-uses'
import { SCOPE_MEANINGS_EN } from '../../protocol/scope-meanings'

export const scopesMessages = {
  documentTitle: 'Scopes · Yuque OAuth Playground',
  heading: 'Scopes',
  /** Before and after the example: a full scope includes its `:read` variant. */
  ledeStart:
    'Every scope of the service: what it allows, whether this session asked for it and holds it, and which views of the playground need it. A full scope includes its ',
  ledeMiddle: ' variant, so ',
  ledeGrants: ' grants ',
  ledeEnd: '.',
  /** What each scope of the spec allows (docs/service.md#scopes), by name. */
  meaning: SCOPE_MEANINGS_EN,
  noScopeTitle: 'No scope',
  noScopeMeaning:
    'Read-only access to public information: user information without telephone number and e-mail',
  includes: 'Includes',
  needsApproval: 'Not open by default: the service operator must enable it for the app.',
  requested: 'Requested',
  granted: 'Granted',
  usedBy: 'Used by',
  yes: 'yes',
  no: 'no',
  through: 'through',
  noView: 'no view of the playground',
  needsScope: (p: { scope: string }) => ` (needs ${p.scope})`,
  /** The views of the playground, by their id in scope-uses.ts. */
  view: {
    profile: 'Profile: your account',
    'profile-repos': 'Profile: your repositories',
    'profile-groups': 'Profile: your teams',
    hello: 'Hello',
    'user-lookup': 'Users: look up a user',
  } satisfies Record<ScopeUse['id'], string>,
  /** The explorer, which may call any operation (explorer-uses.ts): its name as its page has it. */
  explorerView: 'API explorer',
  explorerOperations: (p: { count: number; shown: string }) =>
    p.count === 1 ? `${p.shown} operation` : `${p.shown} operations`,
  checking: 'Checking the session…',
  notConnected: 'not connected',
  notConnectedText:
    'Not connected: a visitor has public read-only access. Connect to see which scopes a token holds.',
  goToConnect: 'Go to Connect',
  summaryRequested: 'requested',
  summaryGranted: 'granted',
  /** A token with no scope at all, where a list would be. */
  noScopes: 'no scopes (public read-only)',
  grantedFromHeader: '(X-OAuth-Scopes of the latest response)',
  grantedFromSession: '(the token endpoint’s answer; no response has carried X-OAuth-Scopes yet)',
  askForMore: 'Ask for more scopes',
}
