/**
 * A GET whose arrival at the server a test can wait on, so that a test of stopping knows a
 * request is in flight when it stops the server, without a fixed sleep: the call sends
 * `Expect: 100-continue`, and node:http answers `100 Continue` just before it hands the request
 * to its handler (RFC 9110 §10.1.1), so `received` resolves once the server holds the request.
 */
import http from 'node:http'

export interface InFlightAnswer {
  status: number
  /** The answer's `Connection` header: `close` when the server closes the connection after it. */
  connection: string | undefined
  body: string
}

export interface InFlightGet {
  /** Resolves when the server has the request (its `100 Continue`). */
  received: Promise<void>
  /** The answer; rejects if the connection closes first, or after `timeoutMs`. */
  answer: Promise<InFlightAnswer>
}

export function inFlightGet(
  url: string,
  options: { headers?: Record<string, string>; agent?: http.Agent; timeoutMs?: number } = {},
): InFlightGet {
  let onReceived: () => void = () => undefined
  const received = new Promise<void>((resolve) => (onReceived = resolve))
  const answer = new Promise<InFlightAnswer>((resolve, reject) => {
    const request = http.get(
      url,
      {
        headers: { ...options.headers, Expect: '100-continue' },
        ...(options.agent === undefined ? {} : { agent: options.agent }),
        timeout: options.timeoutMs ?? 30_000,
      },
      (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk.toString()))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body,
          }),
        )
        response.on('error', reject)
      },
    )
    request.on('continue', onReceived)
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url} in time`)))
    request.on('error', reject)
  })
  return { received, answer }
}
