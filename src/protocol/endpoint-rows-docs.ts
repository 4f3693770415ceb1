/**
 * Rows of the endpoint table (endpoints.ts): the document operations and document versions (tag doc). Paths, parameters and
 * scopes from the official OpenAPI document; docs/service.md#scopes: a read needs the `:read`
 * scope, a write the full one. Query values are checked against a safe alphabet only: what a value
 * means (a maximum, an enum) is the service's to judge, so the playground shows the service's own
 * 400.
 */
import { BOOK_ID, BOOK_SLUG, LIMIT, OFFSET, op, query, whole } from './endpoint-types'

const DOC_LIST_QUERY = [
  OFFSET,
  LIMIT,
  /* @__PURE__ */ query('deleted', /^(true|false)$/, 'true or false'),
  /* @__PURE__ */ query('changed_at_gte', /^[0-9T:.+Z-]{1,40}$/, 'an ISO 8601 date-time'),
  /* @__PURE__ */ query(
    'optional_properties',
    /^[A-Za-z0-9_,]{0,200}$/,
    'comma-separated names, such as hits,tags',
  ),
]
const DOC_PAGES_QUERY = [/* @__PURE__ */ whole('page_size'), /* @__PURE__ */ whole('page')]

export const DOC_LIST_BY_ID = /* @__PURE__ */ op({
  id: 'doc.listById',
  operationId: 'doc_api_v2_doc_list-by_id',
  tag: 'doc',
  method: 'GET',
  path: '/repos/{book_id}/docs',
  params: BOOK_ID,
  query: DOC_LIST_QUERY,
  scope: 'doc:read',
})

export const DOC_CREATE_BY_ID = /* @__PURE__ */ op({
  id: 'doc.createById',
  operationId: 'doc_api_v2_doc_create-by_id',
  tag: 'doc',
  method: 'POST',
  path: '/repos/{book_id}/docs',
  params: BOOK_ID,
  scope: 'doc',
})

export const DOC_SHOW_BY_DOC_ID = /* @__PURE__ */ op({
  id: 'doc.showByDocId',
  operationId: 'doc_api_v2_doc_show-by_id',
  tag: 'doc',
  method: 'GET',
  path: '/repos/docs/{id}',
  params: { id: 'id' },
  query: DOC_PAGES_QUERY,
  scope: 'doc:read',
})

export const DOC_SHOW_BY_ID = /* @__PURE__ */ op({
  id: 'doc.showById',
  operationId: 'doc_api_v2_doc_show-by_book_and_id',
  tag: 'doc',
  method: 'GET',
  path: '/repos/{book_id}/docs/{id}',
  params: { ...BOOK_ID, id: 'slug' },
  query: DOC_PAGES_QUERY,
  scope: 'doc:read',
})

export const DOC_UPDATE_BY_ID = /* @__PURE__ */ op({
  id: 'doc.updateById',
  operationId: 'doc_api_v2_doc_update-by_id',
  tag: 'doc',
  method: 'PUT',
  path: '/repos/{book_id}/docs/{id}',
  params: { ...BOOK_ID, id: 'slug' },
  scope: 'doc',
})

export const DOC_DELETE_BY_ID = /* @__PURE__ */ op({
  id: 'doc.deleteById',
  operationId: 'doc_api_v2_doc_destroy-by_id',
  tag: 'doc',
  method: 'DELETE',
  path: '/repos/{book_id}/docs/{id}',
  params: { ...BOOK_ID, id: 'slug' },
  scope: 'doc',
})

export const DOC_LIST = /* @__PURE__ */ op({
  id: 'doc.list',
  operationId: 'doc_api_v2_doc_list',
  tag: 'doc',
  method: 'GET',
  path: '/repos/{group_login}/{book_slug}/docs',
  params: BOOK_SLUG,
  query: DOC_LIST_QUERY,
  scope: 'doc:read',
})

export const DOC_CREATE = /* @__PURE__ */ op({
  id: 'doc.create',
  operationId: 'doc_api_v2_doc_create',
  tag: 'doc',
  method: 'POST',
  path: '/repos/{group_login}/{book_slug}/docs',
  params: BOOK_SLUG,
  scope: 'doc',
})

export const DOC_SHOW = /* @__PURE__ */ op({
  id: 'doc.show',
  operationId: 'doc_api_v2_doc_show',
  tag: 'doc',
  method: 'GET',
  path: '/repos/{group_login}/{book_slug}/docs/{id}',
  params: { ...BOOK_SLUG, id: 'slug' },
  query: DOC_PAGES_QUERY,
  scope: 'doc:read',
})

export const DOC_UPDATE = /* @__PURE__ */ op({
  id: 'doc.update',
  operationId: 'doc_api_v2_doc_update',
  tag: 'doc',
  method: 'PUT',
  path: '/repos/{group_login}/{book_slug}/docs/{id}',
  params: { ...BOOK_SLUG, id: 'slug' },
  scope: 'doc',
})

export const DOC_DELETE = /* @__PURE__ */ op({
  id: 'doc.delete',
  operationId: 'doc_api_v2_doc_destroy',
  tag: 'doc',
  method: 'DELETE',
  path: '/repos/{group_login}/{book_slug}/docs/{id}',
  params: { ...BOOK_SLUG, id: 'slug' },
  scope: 'doc',
})

export const DOC_VERSIONS = /* @__PURE__ */ op({
  id: 'doc.versions',
  operationId: 'doc_api_v2_doc_version_list',
  tag: 'doc',
  method: 'GET',
  path: '/doc_versions',
  query: [/* @__PURE__ */ whole('doc_id')],
  scope: 'doc:read',
})

export const DOC_VERSION = /* @__PURE__ */ op({
  id: 'doc.version',
  operationId: 'doc_api_v2_doc_version_show',
  tag: 'doc',
  method: 'GET',
  path: '/doc_versions/{id}',
  params: { id: 'id' },
  scope: 'doc:read',
})

export const DOC_ENDPOINTS = [
  DOC_LIST_BY_ID,
  DOC_CREATE_BY_ID,
  DOC_SHOW_BY_DOC_ID,
  DOC_SHOW_BY_ID,
  DOC_UPDATE_BY_ID,
  DOC_DELETE_BY_ID,
  DOC_LIST,
  DOC_CREATE,
  DOC_SHOW,
  DOC_UPDATE,
  DOC_DELETE,
  DOC_VERSIONS,
  DOC_VERSION,
] as const
