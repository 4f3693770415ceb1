import { afterEach, describe, expect, it, vi } from 'vitest'
import { TRACE_REQUEST_HEADER } from '../../protocol/trace-request'
import { send } from './api-client'
import { setTraceWanted } from './trace-request'

/** The headers of the one call `send` made, through a stubbed fetch. */
async function sentHeaders(): Promise<Headers> {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(Response.json({})),
  )
  vi.stubGlobal('fetch', fetchMock)
  await send('/auth/session', 'GET', {})
  return new Headers(fetchMock.mock.calls[0]?.[1]?.headers)
}

afterEach(() => {
  vi.unstubAllGlobals()
  setTraceWanted(false)
})

describe('the trace request header', () => {
  it('is not sent while the inspector is closed, so the proxy builds no trace', async () => {
    expect((await sentHeaders()).get(TRACE_REQUEST_HEADER)).toBeNull()
  })

  it('is sent while the inspector is open, and stops when it closes', async () => {
    setTraceWanted(true)
    expect((await sentHeaders()).get(TRACE_REQUEST_HEADER)).toBe('1')
    setTraceWanted(false)
    expect((await sentHeaders()).get(TRACE_REQUEST_HEADER)).toBeNull()
  })
})
