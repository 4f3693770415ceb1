/**
 * The explorer's call: any operation of the endpoint table through the proxy, whatever its
 * status. Here rather than in lib/api-client.ts, so that the first load carries none of it.
 */
import { readPayload, send, type Method, type ResponseMeta } from '../lib/api-client'

/** What any call answered, whatever its status: the explorer shows all of it. */
export interface RawApiResult {
  status: number
  headers: Headers
  meta: ResponseMeta
  /** Parsed JSON, the text when it is not JSON, undefined when empty. */
  body: unknown
  durationMs: number
}

/**
 * Any operation of the endpoint table through the proxy, with an optional JSON body as text
 * (the explorer's textarea; the proxy parses and re-serialises it). Never throws on a status.
 */
export async function sendApiRequest(
  path: string,
  method: Method,
  jsonBody?: string,
): Promise<RawApiResult> {
  const started = performance.now()
  const { response, meta } = await send(
    path,
    method,
    jsonBody === undefined ? {} : { rawBody: jsonBody },
  )
  const body = await readPayload(response)
  const durationMs = Math.round(performance.now() - started)
  return { status: response.status, headers: response.headers, meta, body, durationMs }
}
