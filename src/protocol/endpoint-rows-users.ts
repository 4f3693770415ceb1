/**
 * Rows of the endpoint table (endpoints.ts): the user, search, team and team-statistics operations (tags user, search, group, statistic). Paths, parameters and
 * scopes from the official OpenAPI document; docs/service.md#scopes: a read needs the `:read`
 * scope, a write the full one. Query values are checked against a safe alphabet only: what a value
 * means (a maximum, an enum) is the service's to judge, so the playground shows the service's own
 * 400.
 */
import { OFFSET, TEXT, op, query, whole, word } from './endpoint-types'

const STATISTICS_QUERY = [
  /* @__PURE__ */ query('name', TEXT, 'text to filter by name'),
  /* @__PURE__ */ whole('range'),
  /* @__PURE__ */ whole('page'),
  /* @__PURE__ */ whole('limit'),
  /* @__PURE__ */ word('sortField', 'a field name, such as read_count'),
  /* @__PURE__ */ query('sortOrder', /^(asc|desc)$/, 'asc or desc'),
]

export const SEARCH = /* @__PURE__ */ op({
  id: 'search',
  operationId: 'search_api_v2_search',
  tag: 'search',
  method: 'GET',
  path: '/search',
  scope: null,
  query: [
    /* @__PURE__ */ query('q', TEXT, 'the words to search for'),
    /* @__PURE__ */ word('type', 'doc or repo'),
    /* @__PURE__ */ query('scope', /^[A-Za-z0-9_./-]{0,400}$/, 'a namespace such as group/book'),
    /* @__PURE__ */ whole('page'),
    /* @__PURE__ */ whole('offset'),
    /* @__PURE__ */ whole('creatorId'),
    /* @__PURE__ */ query('creator', /^[A-Za-z0-9_-]{1,64}$/, 'a login'),
  ],
})

export const GROUP_MEMBERS = /* @__PURE__ */ op({
  id: 'group.members',
  operationId: 'group_api_v2_group_member_list',
  tag: 'group',
  method: 'GET',
  path: '/groups/{login}/users',
  params: { login: 'login' },
  query: [/* @__PURE__ */ whole('role'), OFFSET],
  scope: 'group:read',
})

export const GROUP_UPDATE_MEMBER = /* @__PURE__ */ op({
  id: 'group.updateMember',
  operationId: 'group_api_v2_group_member_update',
  tag: 'group',
  method: 'PUT',
  path: '/groups/{login}/users/{id}',
  params: { login: 'login', id: 'userKey' },
  scope: 'group',
})

export const GROUP_REMOVE_MEMBER = /* @__PURE__ */ op({
  id: 'group.removeMember',
  operationId: 'group_api_v2_group_member_destroy',
  tag: 'group',
  method: 'DELETE',
  path: '/groups/{login}/users/{id}',
  params: { login: 'login', id: 'userKey' },
  scope: 'group',
})

export const STATISTIC_GROUP = /* @__PURE__ */ op({
  id: 'statistic.group',
  operationId: 'statistic_api_v2_statistic_all',
  tag: 'statistic',
  method: 'GET',
  path: '/groups/{login}/statistics',
  params: { login: 'login' },
  scope: 'group:read',
})

export const STATISTIC_MEMBERS = /* @__PURE__ */ op({
  id: 'statistic.members',
  operationId: 'statistic_api_v2_statistic_by_members',
  tag: 'statistic',
  method: 'GET',
  path: '/groups/{login}/statistics/members',
  params: { login: 'login' },
  query: STATISTICS_QUERY,
  scope: 'group:read',
})

export const STATISTIC_BOOKS = /* @__PURE__ */ op({
  id: 'statistic.books',
  operationId: 'statistic_api_v2_statistic_by_books',
  tag: 'statistic',
  method: 'GET',
  path: '/groups/{login}/statistics/books',
  params: { login: 'login' },
  query: STATISTICS_QUERY,
  scope: 'group:read',
})

export const STATISTIC_DOCS = /* @__PURE__ */ op({
  id: 'statistic.docs',
  operationId: 'statistic_api_v2_statistic_by_docs',
  tag: 'statistic',
  method: 'GET',
  path: '/groups/{login}/statistics/docs',
  params: { login: 'login' },
  query: /* @__PURE__ */ [whole('bookId')].concat(STATISTICS_QUERY),
  scope: 'group:read',
})

export const USER_ENDPOINTS = [
  SEARCH,
  GROUP_MEMBERS,
  GROUP_UPDATE_MEMBER,
  GROUP_REMOVE_MEMBER,
  STATISTIC_GROUP,
  STATISTIC_MEMBERS,
  STATISTIC_BOOKS,
  STATISTIC_DOCS,
] as const
