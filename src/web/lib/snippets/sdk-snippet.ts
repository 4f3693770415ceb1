/**
 * One request of the playground as a call of the official Node SDK, `@yuque/sdk` 1.x, where the
 * SDK has that call (its users, groups, repos and docs resources: node_modules/@yuque/sdk/lib);
 * null where it has none (`/hello`, search, statistics, document versions, the table of contents'
 * update), or where the request carries what the SDK's call cannot (a query it does not pass on,
 * a body that is no JSON object). The operation is the endpoint table's (matchEndpoint), so the
 * mapping is by operation, not by path text. The snippet prints the `data` the SDK resolves (it
 * resolves only on 200), or the status and message it throws with; snippets-run.test.ts runs it.
 */
import { matchEndpoint, type EndpointId } from '../../../protocol/endpoints'
import { SNIPPET_USER_AGENT, type SnippetComments, type SnippetRequest } from './snippets'
import { oneLine, quoted } from './snippet-quoting'

/** The comments of the SDK's snippet: the API call's, and how the SDK answers. */
export interface SdkComments extends SnippetComments {
  sdk: string
}

type Params = Record<string, string>

interface SdkCall {
  /** `resource.method`, e.g. `docs.get`. */
  method: string
  args: (params: Params) => Params
  /** The request's JSON object goes in `data` (a POST or PUT). */
  body?: true
  /** The query goes in `data` (a GET whose method passes `data` on as the query). */
  query?: true
}

const namespace = (p: Params) => ({
  namespace: p.book_id ?? `${p.group_login ?? ''}/${p.book_slug ?? ''}`,
})
const call = (method: string, args: SdkCall['args'], extra: Partial<SdkCall> = {}): SdkCall => ({
  method,
  args,
  ...extra,
})

const CALLS: Partial<Record<EndpointId, SdkCall>> = {
  'user.me': call('users.get', () => ({})),
  'user.show': call('users.get', (p) => ({ login: p.login ?? '' })),
  'group.listByUser': call('groups.list', (p) => ({ login: p.id ?? '' })),
  'group.members': call('groups.listUser', (p) => ({ login: p.login ?? '' })),
  'group.updateMember': call(
    'groups.addUser',
    (p) => ({ group: p.login ?? '', user: p.id ?? '' }),
    { body: true },
  ),
  'group.removeMember': call('groups.removeUser', (p) => ({
    group: p.login ?? '',
    user: p.id ?? '',
  })),
  'repo.listByUser': call('repos.list', (p) => ({ user: p.login ?? '' }), { query: true }),
  'repo.listByGroup': call('repos.list', (p) => ({ group: p.login ?? '' }), { query: true }),
  'repo.createByUser': call('repos.create', (p) => ({ user: p.login ?? '' }), { body: true }),
  'repo.createByGroup': call('repos.create', (p) => ({ group: p.login ?? '' }), { body: true }),
  'repo.showById': call('repos.get', namespace, { query: true }),
  'repo.show': call('repos.get', namespace, { query: true }),
  'repo.updateById': call('repos.update', namespace, { body: true }),
  'repo.update': call('repos.update', namespace, { body: true }),
  'repo.deleteById': call('repos.delete', namespace),
  'repo.delete': call('repos.delete', namespace),
  'toc.showById': call('repos.getTOC', namespace),
  'toc.show': call('repos.getTOC', namespace),
  'doc.listById': call('docs.list', namespace),
  'doc.list': call('docs.list', namespace),
  'doc.createById': call('docs.create', namespace, { body: true }),
  'doc.create': call('docs.create', namespace, { body: true }),
  'doc.showById': call('docs.get', (p) => ({ ...namespace(p), slug: p.id ?? '' }), {
    query: true,
  }),
  'doc.show': call('docs.get', (p) => ({ ...namespace(p), slug: p.id ?? '' }), { query: true }),
  'doc.updateById': call('docs.update', (p) => ({ ...namespace(p), id: p.id ?? '' }), {
    body: true,
  }),
  'doc.update': call('docs.update', (p) => ({ ...namespace(p), id: p.id ?? '' }), { body: true }),
  'doc.deleteById': call('docs.delete', (p) => ({ ...namespace(p), id: p.id ?? '' })),
  'doc.delete': call('docs.delete', (p) => ({ ...namespace(p), id: p.id ?? '' })),
}

/** The request's JSON body when it is an object, compact; null for anything else. */
function jsonObject(body: string): string | null {
  try {
    const value: unknown = JSON.parse(body)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? JSON.stringify(value)
      : null
  } catch {
    return null
  }
}

/** The argument of the SDK's method as an object literal, or null when the SDK cannot send it. */
function argumentOf(found: SdkCall, params: Params, query: URLSearchParams, body?: string) {
  const fields = Object.entries(found.args(params)).map(
    ([name, value]) => `  ${name}: ${quoted(value)},`,
  )
  if ([...query].length > 0) {
    if (found.query !== true) return null
    fields.push(`  data: ${JSON.stringify(Object.fromEntries(query))},`)
  }
  if (body !== undefined) {
    const data = found.body === true ? jsonObject(body) : null
    if (data === null) return null
    // JSON text is a JavaScript expression (ES2019 took in U+2028 and U+2029).
    fields.push(`  data: ${data},`)
  }
  return fields.length === 0 ? '' : ['{', ...fields, '}'].join('\n')
}

/** `request` as a program that makes the SDK's call, or null where the SDK has no such call. */
export function sdkSnippetFor(request: SnippetRequest, comments: SdkComments): string | null {
  const [path = '', search = ''] = request.servicePath.split(/\?(.*)/s)
  const matched = matchEndpoint(request.method.toUpperCase(), path)
  const found = matched.ok ? CALLS[matched.endpoint.id as EndpointId] : undefined
  if (!matched.ok || found === undefined) return null
  const argument = argumentOf(found, matched.params, new URLSearchParams(search), request.body)
  if (argument === null) return null
  // The SDK appends each path to its endpoint as it is: the endpoint keeps its final slash.
  const endpoint = `${request.baseUrl.replace(/\/+$/, '')}/`
  return [
    `// ${oneLine(comments.token)}`,
    `// ${oneLine(comments.userAgent)}`,
    "import Yuque from '@yuque/sdk'",
    '',
    'const client = new Yuque({',
    '  token: process.env.YUQUE_TOKEN,',
    `  endpoint: ${quoted(endpoint)},`,
    `  userAgent: ${quoted(SNIPPET_USER_AGENT)},`,
    '})',
    'try {',
    `  const data = await client.${found.method}(${argument.replace(/\n/g, '\n  ')})`,
    '  console.log(JSON.stringify(data, null, 2))',
    '} catch (error) {',
    `  // ${oneLine(comments.sdk)}`,
    '  console.error(error.status, error.message)',
    '  process.exitCode = 1',
    '}',
  ].join('\n')
}
