/** The proxy's login and logout requests, made by the pages that start, finish or end a session. */
import { z } from 'zod/mini'
import {
  ExchangeResponseSchema,
  StartLoginResponseSchema,
  type ExchangeRequest,
  type ExchangeResponse,
  type StartLoginRequest,
  type StartLoginResponse,
} from '../../protocol/playground-api'
import { postJson } from '../lib/api-client'

export async function startLogin(request: StartLoginRequest): Promise<StartLoginResponse> {
  const { data } = await postJson('/auth/start', request, StartLoginResponseSchema)
  return data
}

/**
 * Never retried: an authorization code is single-use (RFC 6749 §4.1.2). `sent`: this request
 * left already, before the app ran (callback/early-exchange.ts); its answer is judged here.
 */
export async function exchangeCode(
  request: ExchangeRequest,
  sent: Promise<Response> | null = null,
): Promise<ExchangeResponse> {
  const { data } = await postJson('/auth/exchange', request, ExchangeResponseSchema, sent)
  return data
}

export async function logout(): Promise<void> {
  // 204 No Content; whatever body comes is ignored.
  await postJson('/auth/logout', {}, z.unknown())
}
