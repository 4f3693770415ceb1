/**
 * What the form fills in by itself, only where a field is empty: a path parameter takes the value
 * picked from a response for it (chain.ts), and a parameter that names "the user" takes the
 * session's own login (the profile the header already asked for, src/web/session/user-queries.ts).
 */
import type { Endpoint } from '../../protocol/endpoints'
import { pickedFor } from './chain'
import type { ExplorerInputs } from './explorer-state'

/** The parameters whose document description is "a user's login or id" (catalogue.gen.ts). */
const USER_LOGIN_PARAMS = new Set([
  'user.show.login',
  'group.listByUser.id',
  'repo.listByUser.login',
])

const takesUser = (endpoint: Endpoint, name: string) =>
  USER_LOGIN_PARAMS.has(`${endpoint.id}.${name}`)

/** `inputs` with the empty path parameters filled where the form knows a value. */
export function prefillInputs(
  endpoint: Endpoint,
  inputs: ExplorerInputs,
  login: string | undefined,
): ExplorerInputs {
  const path: Record<string, string> = { ...inputs.path }
  for (const name of Object.keys(endpoint.params)) {
    if ((path[name] ?? '') !== '') continue
    const picked = pickedFor(endpoint, name)
    if (picked !== undefined) path[name] = picked.value
    else if (login !== undefined && takesUser(endpoint, name)) path[name] = login
  }
  return { ...inputs, path }
}

/** Where a path parameter's value came from, when the form could have filled it. */
export function filledFrom(
  endpoint: Endpoint,
  name: string,
  value: string,
  login: string | undefined,
): 'pick' | 'session' | undefined {
  if (value === '') return undefined
  if (pickedFor(endpoint, name)?.value === value) return 'pick'
  if (value === login && takesUser(endpoint, name)) return 'session'
  return undefined
}
