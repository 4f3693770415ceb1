import type { ReactNode } from 'react'
import { parts } from '../lib/text-parts'
/** The users namespace's English messages (src/web/i18n/catalog.ts says how to write them). */
export const usersMessages = {
  documentTitle: (p: { key: string }) => `${p.key} · Yuque OAuth Playground`,
  documentTitleEmpty: 'Users · Yuque OAuth Playground',
  heading: 'Look up a user',
  /** After the request line, e.g. `GET /api/v2/users/{login}`. */
  lede: ' with a login or an id: public information.',
  label: 'Login or numeric id',
  placeholder: 'alice or 1',
  submit: 'Look up',
  hint: 'Public data: the spec answers without connecting; the real service wants a connected account. Digits only means an id. A login is the part of a profile address after yuque.com/.',
  problemEmpty: 'Enter a login (such as alice) or a numeric id.',
  problemBadId: (p: { value: string }) =>
    `"${p.value}" is not a valid id: ids are positive whole numbers.`,
  problemTooLong: 'A login has at most 64 characters.',
  problemDisplayName: (p: { value: string }) =>
    `"${p.value}" is not a valid login: that looks like a display name. A login is the address slug, the part after yuque.com/ in a profile's address (yuque.com/alice has the login alice); use letters, digits, "-" and "_" only.`,
  problemBadLogin: (p: { value: string }) =>
    `"${p.value}" is not a valid login: use letters, digits, "-" and "_" only. A login is the part after yuque.com/ in a profile's address.`,
  invalidInAddressTitle: 'Not a valid login or id',
  nothingRequested: 'Nothing was requested.',
  demoUsersLead: 'The embedded emulator has these demo users: ',
  /** Between two demo users, and around a user's display name after the login. */
  listSeparator: ', ',
  nameOpen: ' (',
  nameClose: ')',
  describeId: (p: { id: string }) => `id ${p.id}`,
  describeLogin: (p: { login: string }) => `login "${p.login}"`,
  notFoundTitle: (p: { key: string }) => `No user with ${p.key}`,
  /** `message` is the service's own words, in its language (user-lookup-page.tsx marks it). */
  notFoundDetailId: (p: { message: ReactNode }) =>
    parts(
      'The service answered 404 (',
      p.message,
      '). Check the number, or try the login instead.',
    ),
  notFoundDetailLogin: (p: { message: ReactNode }) =>
    parts(
      'The service answered 404 (',
      p.message,
      '). Check the spelling, or try the numeric id instead.',
    ),
  tokenRequiredTitle: 'A connected account is needed',
  tokenRequiredDetail: (p: { message: ReactNode }) =>
    parts(
      'The service requires a connected account for user lookups. It answered 401 to this lookup sent without a token (',
      p.message,
      '); connect, and the playground sends your token with it.',
    ),
  connect: 'Connect',
  /** The status region's one announcement of a result. */
  found: (p: { name: string; login: string }) => `Found ${p.name} (@${p.login}).`,
}
