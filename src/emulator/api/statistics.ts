/**
 * Tag statistic: the team's four statistics (model/statistics.ts). The document's schemas give
 * every figure as a string (V2GroupStatistics and the rest), so numbers are sent as strings.
 */
import {
  bookStatistics,
  docStatistics,
  groupStatistics,
  memberStatistics,
  type StatisticsQuery,
} from '../model/statistics'
import { createSubApp, queryOf, type ApiContext, type ApiKit } from './kit'

const asStrings = (row: Record<string, number | string>) =>
  Object.fromEntries(Object.entries(row).map(([name, value]) => [name, String(value)]))

const SORT_FIELDS = {
  members: ['write_doc_count', 'write_count', 'read_count', 'like_count'],
  books: [
    'content_updated_at_ms',
    'word_count',
    'post_count',
    'read_count',
    'like_count',
    'watch_count',
    'comment_count',
  ],
  docs: [
    'content_updated_at',
    'word_count',
    'read_count',
    'like_count',
    'comment_count',
    'created_at',
  ],
} as const

function statisticsQuery(c: ApiContext, fields: readonly string[]): StatisticsQuery {
  const query = queryOf(c)
  const name = query.text('name')
  const sortField = query.text('sortField', fields)
  const bookId = query.int('bookId')
  return {
    range: (query.int('range', { oneOf: [0, 30, 365] }) ?? 0) as 0 | 30 | 365,
    page: query.int('page', { min: 1 }) ?? 1,
    limit: query.int('limit', { min: 1, max: 20 }) ?? 10,
    sortOrder: query.text('sortOrder', ['desc', 'asc'] as const) ?? 'desc',
    ...(name === undefined ? {} : { name }),
    ...(sortField === undefined ? {} : { sortField }),
    ...(bookId === undefined ? {} : { bookId }),
  }
}

export function createStatisticsApi(kit: ApiKit) {
  const app = createSubApp()
  const { state } = kit
  const viewer = (c: ApiContext) => kit.caller(c).user.id
  const login = (c: ApiContext) => c.req.param('login') ?? ''

  app.get(...kit.route('statistic.group'), (c) => {
    return c.json({ data: asStrings(groupStatistics(state, viewer(c), login(c))) })
  })

  const lists = [
    ['statistic.members', 'members', memberStatistics],
    ['statistic.books', 'books', bookStatistics],
    ['statistic.docs', 'docs', docStatistics],
  ] as const
  for (const [id, key, compute] of lists) {
    app.get(...kit.route(id), (c) => {
      const query = statisticsQuery(c, SORT_FIELDS[key])
      const { rows, total } = compute(state, viewer(c), login(c), query)
      return c.json({ data: { [key]: rows.map(asStrings), total } })
    })
  }

  return app
}
