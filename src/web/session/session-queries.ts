import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import {
  ExchangeResponseSchema,
  SessionResponseSchema,
  StartLoginResponseSchema,
  type ExchangeRequest,
  type ExchangeResponse,
  type StartLoginRequest,
  type StartLoginResponse,
} from '../../protocol/playground-api'
import { postJson, requestJson } from '../lib/api-client'

export async function readSession() {
  const { data } = await requestJson('/auth/session', SessionResponseSchema)
  return data
}

export const sessionQueries = {
  all: () => ['session'] as const,
  current: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'current'] as const,
      queryFn: () => readSession(),
      // Cheap and unmetered (the proxy answers it alone), and another tab may log out: keep it
      // in step when the user comes back to this tab.
      staleTime: 30_000,
      refetchOnWindowFocus: true,
    }),
}

export async function startLogin(request: StartLoginRequest): Promise<StartLoginResponse> {
  const { data } = await postJson('/auth/start', request, StartLoginResponseSchema)
  return data
}

/** Never retried: an authorization code is single-use (RFC 6749 §4.1.2). */
export async function exchangeCode(request: ExchangeRequest): Promise<ExchangeResponse> {
  const { data } = await postJson('/auth/exchange', request, ExchangeResponseSchema)
  return data
}

export async function logout(): Promise<void> {
  // 204 No Content; whatever body comes is ignored.
  await postJson('/auth/logout', {}, z.unknown())
}
