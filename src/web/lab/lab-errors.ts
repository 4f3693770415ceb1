/**
 * What a refusal of the lab's calls means for the page. The proxy names the first bad field of a
 * request body in its 400 (`Invalid request ownState: …`, src/proxy/json-body.ts readJsonBody);
 * the editor shows it beside that field. A 404 of `GET /auth/lab` is a server without the lab's
 * routes. Pure: lab-errors.test.ts.
 */
import { isApiError } from '../lib/api-error'

/** LabRequestSchema's fields (src/protocol/lab-api.ts), each drawn by the editor. */
export const LAB_REQUEST_FIELDS = [
  'scopes',
  'stateMode',
  'ownState',
  'redirect',
  'responseType',
  'pkce',
  'afterReturn',
] as const
export type LabRequestField = (typeof LAB_REQUEST_FIELDS)[number]

const NAMED = /^Invalid request ([A-Za-z]+)[\w.]*:/

/** The field a 400 of `POST /auth/lab/start` names, with the proxy's own words; else null. */
export function refusedField(error: unknown): { field: LabRequestField; message: string } | null {
  if (!isApiError(error) || error.kind !== 'http' || error.status !== 400) return null
  const message = error.errorBody?.message ?? ''
  const name = NAMED.exec(message)?.[1]
  const field = LAB_REQUEST_FIELDS.find((known) => known === name)
  return field === undefined ? null : { field, message }
}

/** This server has no lab (its routes answer 404). */
export function isLabMissing(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status === 404
}
