/**
 * The "Your app" page's calls to the proxy (src/protocol/your-app-api.ts), and what each change
 * means for the rest of the page's cache: a saved or forgotten app changes what `/auth/config`
 * answers (the connect page's preview of the client id), and may start or end the session.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod/mini'
import {
  SavedAppSchema,
  TokenOwnerSchema,
  YourAppResponseSchema,
  type SaveAppRequest,
  type SaveTokenRequest,
  type SavedApp,
  type TokenOwner,
  type YourAppResponse,
} from '../../protocol/your-app-api'
import { requestJson } from '../lib/api-client'
import { configQueries } from '../lib/config-queries'
import { sessionQueries } from '../session/session-queries'

const APP_PATH = '/auth/app'
const TOKEN_PATH = '/auth/app/token'

export const yourAppQueries = {
  all: () => ['your-app'] as const,
  current: () =>
    queryOptions({
      queryKey: [...yourAppQueries.all(), 'current'] as const,
      queryFn: async () => (await requestJson(APP_PATH, YourAppResponseSchema)).data,
    }),
}

export async function saveApp(body: SaveAppRequest): Promise<SavedApp> {
  return (await requestJson(APP_PATH, SavedAppSchema, { method: 'PUT', body })).data
}

/** 204: the app is forgotten, and any session made with it has ended. */
export async function forgetApp(): Promise<void> {
  await requestJson(APP_PATH, z.unknown(), { method: 'DELETE' })
}

/** The service checked the token: the playground is now connected with it. */
export async function saveToken(body: SaveTokenRequest): Promise<TokenOwner> {
  return (await requestJson(TOKEN_PATH, TokenOwnerSchema, { method: 'PUT', body })).data
}

export async function forgetToken(): Promise<void> {
  await requestJson(TOKEN_PATH, z.unknown(), { method: 'DELETE' })
}

/** The saved app in the cache, as the last change answered it (null: none). */
export function setSavedApp(client: QueryClient, saved: SavedApp | null): void {
  client.setQueryData(yourAppQueries.current().queryKey, (old: YourAppResponse | undefined) =>
    old === undefined ? old : { ...old, current: saved },
  )
}

/**
 * The session read again once `others` are. When it ended, or a new one started, this tab does
 * what it does when another tab disconnects or connects (session/tab-sync.ts: the account's data
 * dropped or reset, docs/security.md#i2), and tells the other tabs. tab-sync.ts is imported
 * here, not statically: main.tsx has loaded it as the app started, and a static import from this
 * page regrouped the pages' shared chunks so that the callback's early script imported the first
 * load (bench/bundle-budget.test.ts).
 */
async function rereadSession(
  client: QueryClient,
  others: Promise<unknown>[],
  isNewSession = false,
): Promise<void> {
  const was = client.getQueryData(sessionQueries.current().queryKey)?.connected === true
  await Promise.all(others)
  let is: boolean
  try {
    is = (await client.fetchQuery({ ...sessionQueries.current(), staleTime: 0 })).connected
  } catch {
    // Unread (the server went away): the session's query says so where it is shown.
    return
  }
  const event = was && !is ? 'disconnected' : is && (isNewSession || !was) ? 'connected' : null
  if (event === null) return
  const tabs = await import('../session/tab-sync')
  await tabs.followOtherTab(client, event)
  tabs.announceToOtherTabs(event)
}

/**
 * After an app was saved or forgotten: the configuration (its client id, which the connect
 * page previews) is read again, and so is the session, which ends with the app it was made with.
 */
export function afterAppChange(client: QueryClient): Promise<void> {
  return rereadSession(client, [
    client.invalidateQueries({ queryKey: configQueries.all() }),
    client.invalidateQueries({ queryKey: yourAppQueries.all() }),
  ])
}

/** After a personal token was accepted (`isNewSession`: the session is now the token's) or forgotten. */
export function afterTokenChange(client: QueryClient, isNewSession: boolean): Promise<void> {
  return rereadSession(
    client,
    [client.invalidateQueries({ queryKey: yourAppQueries.all() })],
    isNewSession,
  )
}
