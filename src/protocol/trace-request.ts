/**
 * The request header that asks the proxy for its flow trace (trace.ts). The web client sends it
 * only while the flow inspector is open (web/lib/trace-request.ts); without it the proxy builds
 * no trace and its answer carries no `X-Playground-Trace` header: building, redacting and
 * serialising the trace was a third of the proxy's time per call (bench: proxy throughput).
 * Same-origin calls only (the CSRF header, docs/security.md#e1), so no CORS allow-list is involved.
 */
export const TRACE_REQUEST_HEADER = 'X-Playground-Want-Trace'
export const TRACE_REQUEST_VALUE = '1'
