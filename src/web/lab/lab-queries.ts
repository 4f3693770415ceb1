/**
 * The lab's calls to the proxy (src/protocol/lab-api.ts): what it can do here, a scenario's run,
 * the editor's start and the return's finish. Each answer is checked with the contract's schema.
 */
import { queryOptions } from '@tanstack/react-query'
import {
  LabRunResultSchema,
  LabStartResponseSchema,
  LabStatusSchema,
  ScenarioResultSchema,
  type LabFinishRequest,
  type LabRequest,
  type LabRunResult,
  type LabScenarioId,
  type LabStartResponse,
  type ScenarioResult,
} from '../../protocol/lab-api'
import { requestJson } from '../lib/api-client'

const LAB_PATH = '/auth/lab'

export const labQueries = {
  all: () => ['lab'] as const,
  status: () =>
    queryOptions({
      queryKey: [...labQueries.all(), 'status'] as const,
      queryFn: async () => (await requestJson(LAB_PATH, LabStatusSchema)).data,
      // What the server can run changes only with its configuration: read once a page life.
      staleTime: Infinity,
    }),
}

export async function runScenario(id: LabScenarioId): Promise<ScenarioResult> {
  const path = `${LAB_PATH}/scenarios/${encodeURIComponent(id)}`
  return (await requestJson(path, ScenarioResultSchema, { method: 'POST', body: {} })).data
}

/**
 * The authorize URL the browser may be sent to: http or https only. The schema checks that it is
 * a URL; a `javascript:` or `data:` one would run or show something in this page's place.
 */
export function isNavigable(url: string): boolean {
  try {
    const { protocol } = new URL(url)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

export async function startLabRun(request: LabRequest): Promise<LabStartResponse> {
  const { data } = await requestJson(`${LAB_PATH}/start`, LabStartResponseSchema, {
    method: 'POST',
    body: request,
  })
  if (!isNavigable(data.authorizeUrl)) {
    throw new Error(`The proxy answered an authorize URL that is not http(s): ${data.authorizeUrl}`)
  }
  return data
}

/** `query`: the return's query string, without its `?` (lab-return.ts). */
export async function finishLabRun(query: string): Promise<LabRunResult> {
  const body: LabFinishRequest = { query }
  return (await requestJson(`${LAB_PATH}/finish`, LabRunResultSchema, { method: 'POST', body }))
    .data
}
