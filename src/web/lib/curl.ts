/**
 * A step of the proxy as an equivalent `curl` command against the service, to reproduce it
 * outside the app. Secrets are never in a trace, so they are not here either: each one is a
 * shell variable (`$CODE`, `$YUQUE_TOKEN`, …) that the developer sets, explained by a comment
 * line taken from the proxy's own note on it.
 */
import type { TraceField, TraceStep } from '../../protocol/trace'

/** A placeholder the shell may expand: `$NAME`, nothing else. */
const PLACEHOLDER = /^\$[A-Z][A-Z0-9_]*$/

/** Single-quoted for POSIX shells: nothing inside is expanded. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`
}

/** `name=value` as one shell word; a placeholder value stays expandable (`"code=$CODE"`). */
function pairWord(field: TraceField): string {
  if (field.redacted === 'pair' && PLACEHOLDER.test(field.value)) return `"${field.value}"`
  if (field.redacted === 'value' && PLACEHOLDER.test(field.value) && /^[\w.-]+$/.test(field.name)) {
    return `"${field.name}=${field.value}"`
  }
  return shellQuote(`${field.name}=${field.value}`)
}

function headerWord(field: TraceField): string {
  if (field.redacted === 'value' && PLACEHOLDER.test(field.value) && /^[\w-]+$/.test(field.name)) {
    return `"${field.name}: ${field.value}"`
  }
  return shellQuote(`${field.name}: ${field.value}`)
}

/** One line of comment: no line break can end it early. */
const comment = (text: string) => `# ${text.replace(/\s+/g, ' ')}`

export interface Curl {
  /** The command, with comment lines first: what it does and what each placeholder is. */
  text: string
  placeholders: string[]
}

/** Null for a step that made no call to the service (a check done by the proxy alone). */
export function curlFor(step: TraceStep): Curl | null {
  const { request } = step
  if (request === undefined) return null
  const redacted = [...request.params, ...request.headers].filter(
    (field) => field.redacted !== undefined,
  )
  const lines = [
    comment(`${step.title}: replayed against the service, without the playground.`),
    ...redacted.map((field) =>
      comment(`${field.value}: ${field.note ?? 'not shown: set it before running this.'}`),
    ),
  ]
  const isQuery = request.paramsIn === 'query' && request.params.length > 0
  // curl sends GET, or POST once there is data: any other method is named.
  const method =
    request.method === 'PUT' || request.method === 'DELETE' ? ['-X', request.method] : []
  const head = [
    'curl',
    '-i',
    ...method,
    ...(isQuery ? ['--get'] : []),
    shellQuote(request.url),
  ].join(' ')
  // A form body: --data-urlencode makes curl POST it with the form Content-Type already.
  const headers = request.headers.filter(
    (header) => request.paramsIn !== 'form' || header.name.toLowerCase() !== 'content-type',
  )
  // A JSON body: the trace names its fields only (api-body.ts), so the body is a file to write.
  const isJson = request.paramsIn === 'json'
  if (isJson) {
    lines.push(
      comment(`body.json: a JSON object with ${request.params.map((p) => p.name).join(', ')}.`),
    )
  }
  const options = [
    ...headers.map((header) => `-H ${headerWord(header)}`),
    ...(isJson
      ? [`-H ${shellQuote('Content-Type: application/json')}`, '--data @body.json']
      : request.params.map((param) => `--data-urlencode ${pairWord(param)}`)),
  ]
  const command = [head, ...options].join(' \\\n  ')
  return {
    text: [...lines, command].join('\n'),
    placeholders: redacted.map((field) => field.value).filter((value) => PLACEHOLDER.test(value)),
  }
}
