/**
 * Rows of the endpoint table (endpoints.ts): the repository operations and the tables of contents (tags repo, and doc for the TOC). Paths, parameters and
 * scopes from the official OpenAPI document; docs/service.md#scopes: a read needs the `:read`
 * scope, a write the full one. Query values are checked against a safe alphabet only: what a value
 * means (a maximum, an enum) is the service's to judge, so the playground shows the service's own
 * 400.
 */
import { REPO_LIST_QUERY } from './endpoint-rows-account'
import { BOOK_ID, BOOK_SLUG, op } from './endpoint-types'

export const TOC_SHOW_BY_ID = /* @__PURE__ */ op({
  id: 'toc.showById',
  operationId: 'doc_api_v2_repo_toc_show-by_id',
  tag: 'doc',
  method: 'GET',
  path: '/repos/{book_id}/toc',
  params: BOOK_ID,
  scope: 'repo:read',
})

export const TOC_UPDATE_BY_ID = /* @__PURE__ */ op({
  id: 'toc.updateById',
  operationId: 'doc_api_v2_repo_toc_update-by_id',
  tag: 'doc',
  method: 'PUT',
  path: '/repos/{book_id}/toc',
  params: BOOK_ID,
  scope: 'repo',
})

export const TOC_SHOW = /* @__PURE__ */ op({
  id: 'toc.show',
  operationId: 'doc_api_v2_repo_toc_show',
  tag: 'doc',
  method: 'GET',
  path: '/repos/{group_login}/{book_slug}/toc',
  params: BOOK_SLUG,
  scope: 'repo:read',
})

export const TOC_UPDATE = /* @__PURE__ */ op({
  id: 'toc.update',
  operationId: 'doc_api_v2_repo_toc_update',
  tag: 'doc',
  method: 'PUT',
  path: '/repos/{group_login}/{book_slug}/toc',
  params: BOOK_SLUG,
  scope: 'repo',
})

export const REPO_LIST_BY_GROUP = /* @__PURE__ */ op({
  id: 'repo.listByGroup',
  operationId: 'repo_api_v2_repo_list-by_group',
  tag: 'repo',
  method: 'GET',
  path: '/groups/{login}/repos',
  params: { login: 'login' },
  query: REPO_LIST_QUERY,
  scope: 'repo:read',
})

export const REPO_CREATE_BY_GROUP = /* @__PURE__ */ op({
  id: 'repo.createByGroup',
  operationId: 'repo_api_v2_repo_create-by_group',
  tag: 'repo',
  method: 'POST',
  path: '/groups/{login}/repos',
  params: { login: 'login' },
  scope: 'repo',
})

export const REPO_CREATE_BY_USER = /* @__PURE__ */ op({
  id: 'repo.createByUser',
  operationId: 'repo_api_v2_repo_create',
  tag: 'repo',
  method: 'POST',
  path: '/users/{login}/repos',
  params: { login: 'userKey' },
  scope: 'repo',
})

export const REPO_SHOW_BY_ID = /* @__PURE__ */ op({
  id: 'repo.showById',
  operationId: 'repo_api_v2_repo_show-by_id',
  tag: 'repo',
  method: 'GET',
  path: '/repos/{book_id}',
  params: BOOK_ID,
  scope: 'repo:read',
})

export const REPO_UPDATE_BY_ID = /* @__PURE__ */ op({
  id: 'repo.updateById',
  operationId: 'repo_api_v2_repo_update-by_id',
  tag: 'repo',
  method: 'PUT',
  path: '/repos/{book_id}',
  params: BOOK_ID,
  scope: 'repo',
})

export const REPO_DELETE_BY_ID = /* @__PURE__ */ op({
  id: 'repo.deleteById',
  operationId: 'repo_api_v2_repo_destroy-by_id',
  tag: 'repo',
  method: 'DELETE',
  path: '/repos/{book_id}',
  params: BOOK_ID,
  scope: 'repo',
})

export const REPO_SHOW = /* @__PURE__ */ op({
  id: 'repo.show',
  operationId: 'repo_api_v2_repo_show',
  tag: 'repo',
  method: 'GET',
  path: '/repos/{group_login}/{book_slug}',
  params: BOOK_SLUG,
  scope: 'repo:read',
})

export const REPO_UPDATE = /* @__PURE__ */ op({
  id: 'repo.update',
  operationId: 'repo_api_v2_repo_update',
  tag: 'repo',
  method: 'PUT',
  path: '/repos/{group_login}/{book_slug}',
  params: BOOK_SLUG,
  scope: 'repo',
})

export const REPO_DELETE = /* @__PURE__ */ op({
  id: 'repo.delete',
  operationId: 'repo_api_v2_repo_destroy',
  tag: 'repo',
  method: 'DELETE',
  path: '/repos/{group_login}/{book_slug}',
  params: BOOK_SLUG,
  scope: 'repo',
})

export const REPO_ENDPOINTS = [
  TOC_SHOW_BY_ID,
  TOC_UPDATE_BY_ID,
  TOC_SHOW,
  TOC_UPDATE,
  REPO_LIST_BY_GROUP,
  REPO_CREATE_BY_GROUP,
  REPO_CREATE_BY_USER,
  REPO_SHOW_BY_ID,
  REPO_UPDATE_BY_ID,
  REPO_DELETE_BY_ID,
  REPO_SHOW,
  REPO_UPDATE,
  REPO_DELETE,
] as const
