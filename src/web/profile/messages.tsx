/** The profile namespace's English messages (src/web/i18n/catalog.ts says how to write them). */
import type { ReactNode } from 'react'

export const profileMessages = {
  documentTitle: 'Profile · Yuque OAuth Playground',
  heading: 'Your profile',
  /** After the request line `GET /api/v2/user`. */
  lede: ': the account that owns the token. It needs no scope beyond public read-only. The panels below need one each.',
  connectFirstWhat: 'Your profile',
  reposTitle: 'Your repositories',
  reposWhat: 'repositories',
  reposEmpty: 'No repositories yet.',
  groupsTitle: 'Your teams',
  groupsWhat: 'teams',
  groupsEmpty: 'Not a member of any team yet.',
  /** `public` of a repository or a team: 0, 1 or 2. */
  visibility: { 0: 'private', 1: 'public', 2: 'space' },
  documents: (p: { count: number; formatted: string }) =>
    `${p.formatted} ${p.count === 1 ? 'document' : 'documents'}`,
  members: (p: { count: number; formatted: string }) =>
    `${p.formatted} ${p.count === 1 ? 'member' : 'members'}`,
  loadingPanel: (p: { what: string }) => `Loading ${p.what}…`,
  // The scope badge of a panel.
  needs: 'needs',
  tokenHasIt: 'the token has it',
  tokenLacksIt: 'the token lacks it',
  tokenLabel: 'token:',
  fromHeader: 'from X-OAuth-Scopes',
  fromSession: 'from the session (no header yet)',
  /** A token with no scope at all, where a list would be. */
  noScopes: 'no scopes',
  // The offer to grant a missing scope.
  grantTitle: (p: { missing: ReactNode }) => <>Needs {p.missing}</>,
  grantDetail: (p: { status: number; held: ReactNode; missing: ReactNode; what: string }) => (
    <>
      The service answered {p.status}: the token holds {p.held}, which does not include {p.missing}.
      Your session is fine; only {p.what} need the scope.
    </>
  ),
  declinedOnConsent: ' You asked for it when connecting, then unticked it on the consent page.',
  opening: 'Opening the consent page…',
  grant: (p: { missing: string }) => `Grant ${p.missing}`,
  grantHint: (p: { scopes: ReactNode; missing: ReactNode }) => (
    <>
      A new authorization asking for {p.scopes}: what the token holds plus {p.missing}. You come
      back to this page.
    </>
  ),
  cannotRequest:
    'This app cannot ask for it: the scope is unknown to the playground or needs the service operator’s approval.',
}
