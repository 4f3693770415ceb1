/**
 * Rows of the endpoint table (endpoints.ts) that the web app's first load calls: the account,
 * the greeting, a user lookup and the profile's two panels. A file of their own because the
 * bundler moves whole modules: the first load takes these five rows and none of the others
 * (docs/decisions/0008).
 */
import { LIMIT, OFFSET, op, query, whole, word } from './endpoint-types'

/** A repository list's query (the document: offset, limit, type, filterByAbility). */
export const REPO_LIST_QUERY = [
  OFFSET,
  LIMIT,
  /* @__PURE__ */ word('type', 'Book or Design'),
  /* @__PURE__ */ query(
    'filterByAbility',
    /^[A-Za-z0-9_,]{0,64}$/,
    'an ability name, such as create_doc',
  ),
]

export const USER_HELLO = /* @__PURE__ */ op({
  id: 'user.hello',
  operationId: 'user_api_v2_hello',
  tag: 'user',
  method: 'GET',
  path: '/hello',
  scope: null,
})

export const USER_ME = /* @__PURE__ */ op({
  id: 'user.me',
  operationId: 'user_api_v2_user_info',
  tag: 'user',
  method: 'GET',
  path: '/user',
  scope: null,
})

export const USER_SHOW = /* @__PURE__ */ op({
  id: 'user.show',
  operationId: null,
  tag: 'user',
  method: 'GET',
  path: '/users/{login}',
  params: { login: 'userKey' },
  scope: null,
  needsSession: false,
})

export const GROUP_LIST_BY_USER = /* @__PURE__ */ op({
  id: 'group.listByUser',
  operationId: 'user_api_v2_user_group_list',
  tag: 'user',
  method: 'GET',
  path: '/users/{id}/groups',
  params: { id: 'userKey' },
  query: [/* @__PURE__ */ whole('role'), OFFSET],
  scope: 'group:read',
})

export const REPO_LIST_BY_USER = /* @__PURE__ */ op({
  id: 'repo.listByUser',
  operationId: 'repo_api_v2_repo_list',
  tag: 'repo',
  method: 'GET',
  path: '/users/{login}/repos',
  params: { login: 'userKey' },
  query: REPO_LIST_QUERY,
  scope: 'repo:read',
})

export const ACCOUNT_ENDPOINTS = [
  USER_HELLO,
  USER_ME,
  USER_SHOW,
  GROUP_LIST_BY_USER,
  REPO_LIST_BY_USER,
] as const
