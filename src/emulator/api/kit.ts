/**
 * What the API's sub-apps share: the caller in the context, the route of an endpoint id (path,
 * table check and scope guard, built by api.ts), the model, and the readers of query parameters
 * and JSON bodies that answer the document's 400 (请求参数非法: not of its type) and 422
 * (请求参数校验失败: of its type but out of range, or a required field missing).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { endpointById, type EndpointId } from '../../protocol/endpoints'
import type { EmulatorEnv } from '../context'
import { EmulatorError, excerpt } from '../emulator-error'
import type { Caller } from './caller'
import type { BookRef, ModelState } from '../model/state'
import { ModelError } from '../model/types'

export type ApiEnv = EmulatorEnv & {
  Variables: EmulatorEnv['Variables'] & { caller: Caller | null }
}

export type ApiContext = Context<ApiEnv>

export interface ApiKit {
  state: ModelState
  origin: string
  /** The Hono path of the endpoint and the middleware that guards it. */
  route(id: EndpointId): readonly [string, MiddlewareHandler<ApiEnv>]
  /** The signed-in caller, or a 401. */
  caller(c: ApiContext): Caller
  /**
   * For an operation whose scope depends on its input (the table's row says null): announces
   * `scope` and refuses a token without it, as the row's guard does.
   */
  requireScope(c: ApiContext, scope: string): void
}

const STATUS_OF = { missing: 404, denied: 403, invalid: 422 } as const

/** A sub-app whose model refusals become the API's errors, rendered by the one onError. */
export function createSubApp(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>()
  app.onError((error) => {
    if (!(error instanceof ModelError)) throw error
    const message =
      error.reason === 'invalid' ? `请求参数校验失败: ${error.message}` : error.message
    throw new EmulatorError(STATUS_OF[error.reason], message)
  })
  return app
}

const illegal = (what: string, value: string, should: string) =>
  new EmulatorError(400, `请求参数非法: ${what} ("${excerpt(value, 40)}") must be ${should}.`)
const unacceptable = (what: string, should: string) =>
  new EmulatorError(422, `请求参数校验失败: ${what} must be ${should}.`)

export interface IntRule {
  min?: number
  max?: number
  oneOf?: readonly number[]
}

function checkInt(what: string, value: number, rule: IntRule): number {
  if (rule.oneOf !== undefined && !rule.oneOf.includes(value)) {
    throw unacceptable(what, `one of ${rule.oneOf.join(', ')}`)
  }
  if (rule.min !== undefined && value < rule.min) throw unacceptable(what, `at least ${rule.min}`)
  if (rule.max !== undefined && value > rule.max) throw unacceptable(what, `at most ${rule.max}`)
  return value
}

/** Readers of the query string; the document's defaults apply to absent parameters. */
export function queryOf(c: ApiContext) {
  const raw = (name: string) => {
    const value = c.req.query(name)
    return value === undefined || value === '' ? undefined : value
  }
  function int(name: string, rule: IntRule = {}): number | undefined {
    const value = raw(name)
    if (value === undefined) return undefined
    if (!/^-?\d{1,15}$/.test(value))
      throw illegal(`the query parameter "${name}"`, value, 'an integer')
    return checkInt(`the query parameter "${name}"`, Number(value), rule)
  }
  function text<T extends string>(name: string, oneOf?: readonly T[]): T | undefined {
    const value = raw(name)
    if (
      value === undefined ||
      oneOf === undefined ||
      (oneOf as readonly string[]).includes(value)
    ) {
      return value as T | undefined
    }
    throw unacceptable(
      `the query parameter "${name}" ("${excerpt(value, 40)}")`,
      `one of ${oneOf.join(', ')}`,
    )
  }
  function bool(name: string): boolean | undefined {
    const value = raw(name)
    if (value === undefined) return undefined
    if (value !== 'true' && value !== 'false') {
      throw illegal(`the query parameter "${name}"`, value, 'true or false')
    }
    return value === 'true'
  }
  function dateTime(name: string): string | undefined {
    const value = raw(name)
    if (value === undefined || !Number.isNaN(Date.parse(value))) return value
    throw illegal(`the query parameter "${name}"`, value, 'an ISO 8601 date-time')
  }
  return { int, text, bool, dateTime }
}

/** `application/json`, with parameters (charset) or not, in any case (RFC 9110 §8.3.1). */
const JSON_TYPE = /^application\/json\s*(;|$)/i

/**
 * The JSON body as an object, or the document's 400. docs/service.md#verbs-and-bodies: "A POST or
 * PUT sends its body as JSON, with `Content-Type: application/json`"; another type, or none, is
 * 415 (RFC 9110 §15.5.16), as the playground's proxy answers it (src/proxy/api/api-body.ts).
 */
export async function readBody(c: ApiContext): Promise<Record<string, unknown>> {
  const type = c.req.header('Content-Type')
  if (type === undefined || !JSON_TYPE.test(type)) {
    const sent = type === undefined ? 'without a Content-Type' : `"${excerpt(type, 60)}"`
    throw new EmulatorError(
      415,
      `The request body must be JSON sent with "Content-Type: application/json", not ${sent}.`,
    )
  }
  let body: unknown
  try {
    body = JSON.parse(await c.req.text())
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unreadable'
    throw new EmulatorError(
      400,
      `请求参数非法: the body is not valid JSON (${excerpt(reason, 80)}).`,
    )
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new EmulatorError(400, '请求参数非法: the body must be a JSON object.')
  }
  return body as Record<string, unknown>
}

/** The JSON body's field readers (readBody, then fieldsOf). */
export async function bodyFieldsOf(c: ApiContext) {
  return fieldsOf(await readBody(c))
}

/** Readers of a JSON body's fields, each naming the field it refuses. */
export function fieldsOf(body: Record<string, unknown>) {
  const what = (name: string) => `the field "${name}"`
  function str(name: string): string | undefined {
    const value = body[name]
    if (value === undefined || value === null) return undefined
    if (typeof value !== 'string') throw unacceptable(what(name), 'a string')
    return value
  }
  function required(name: string): string {
    const value = str(name)
    if (value === undefined || value === '')
      throw unacceptable(what(name), 'given (it is required)')
    return value
  }
  function int<T extends number>(name: string, oneOf?: readonly T[]): T | undefined {
    const value = body[name]
    if (value === undefined || value === null) return undefined
    if (typeof value !== 'number' || !Number.isInteger(value))
      throw unacceptable(what(name), 'an integer')
    return checkInt(what(name), value, oneOf === undefined ? {} : { oneOf }) as T
  }
  function choice<T extends string>(name: string, oneOf: readonly T[]): T | undefined {
    const value = str(name)
    if (value === undefined || (oneOf as readonly string[]).includes(value))
      return value as T | undefined
    throw unacceptable(`${what(name)} ("${excerpt(value, 40)}")`, `one of ${oneOf.join(', ')}`)
  }
  function ints(name: string): number[] | undefined {
    const value = body[name]
    if (value === undefined || value === null) return undefined
    if (!Array.isArray(value) || !value.every((item) => Number.isInteger(item))) {
      throw unacceptable(what(name), 'an array of integers')
    }
    return value as number[]
  }
  return { str, required, int, choice, ints }
}

/** The repository a path names: `{book_id}`, or `{group_login}/{book_slug}`. */
export function bookRefOf(c: ApiContext): BookRef {
  const id = c.req.param('book_id')
  if (id !== undefined) return { id: Number(id) }
  return { login: c.req.param('group_login') ?? '', slug: c.req.param('book_slug') ?? '' }
}

export const VISIBILITY = [0, 1, 2] as const

type Handler = (c: ApiContext) => Response | Promise<Response>

/**
 * Mounts `[endpoint id, handler]` rows in order: most specific paths first, as the endpoint
 * table matches them (protocol/endpoints.ts), since Hono tries routes in the order added.
 */
export function mountRoutes(app: Hono<ApiEnv>, kit: ApiKit, rows: [EndpointId, Handler][]): void {
  for (const [id, handler] of rows) {
    const method = endpointById(id).method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'
    app[method](...kit.route(id), handler)
  }
}
