/** The explorer namespace's English messages (src/web/i18n/catalog.ts says how to write them). */
import type { ReactNode } from 'react'
import { parts } from '../lib/text-parts'
import type { Endpoint } from '../../protocol/endpoints'
import { SUMMARIES_EN } from './summaries-en'

export const explorerMessages = {
  title: 'API explorer',
  documentTitle: 'API explorer · Yuque OAuth Playground',
  lede: 'Every operation of the Yuque Open API v2, called through the playground’s proxy with your session’s token. Nothing is sent until you press Send.',
  pick: 'Pick an operation to see its parameters and call it.',
  noSuchOperation: (p: { id: string }) =>
    `There is no operation “${p.id}”: pick one from the list.`,
  // The catalogue (explorer-page.tsx).
  operations: 'API operations',
  skipToForm: 'Skip to the form',
  listHint: '↑ ↓ move between operations; Enter opens one.',
  find: 'Find an operation',
  findPlaceholder: 'path, summary or scope',
  noMatch: (p: { search: string }) => `No operation matches “${p.search}”.`,
  /** The OpenAPI document's tags: the API's own names, as headings. */
  tags: {
    user: 'user',
    search: 'search',
    group: 'group',
    doc: 'doc',
    repo: 'repo',
    statistic: 'statistic',
  } satisfies Record<Endpoint['tag'], string>,
  /** One line per operation of the endpoint table (summaries-en.ts; Chinese: the document's). */
  summaries: SUMMARIES_EN,
  /**
   * A line under a summary that tells apart operations the document summarises alike. The
   * English summaries above already say how each one differs: none needed here.
   */
  rowNotes: {} as Readonly<Record<string, string>>,
  // One operation (operation-panel.tsx).
  needs: (p: { scope: ReactNode }) => parts('Needs ', p.scope),
  noScope: 'no scope',
  notConnected: 'not connected',
  connectFirst: ': connect first (the proxy answers 401 without a session).',
  sessionHolds: (p: { scope: ReactNode }) => parts(' · the session holds ', p.scope),
  noScopes: '(no scopes)',
  missing: '✕ missing',
  covered: '✓ covered',
  opening: 'Opening the consent page…',
  grant: (p: { scope: string }) => `Grant ${p.scope}`,
  comeBack: 'You come back here with the form as it is.',
  inputsOf: (p: { label: string }) => `Inputs of ${p.label}`,
  where: { path: '(path)', query: '(query)' },
  required: 'required',
  defaultIs: (p: { value: string }) => `default: ${p.value}`,
  emptyDefault: (p: { value: string }) => `— (default: ${p.value})`,
  seenCount: (p: { count: number }) =>
    p.count === 1
      ? '1 value seen in earlier responses: ↓ to choose it'
      : `${p.count} values seen in earlier responses: ↓ to choose`,
  fromPick: 'the value you picked from a response',
  fromSession: 'your login, from the session',
  requestBody: 'Request body',
  rawJson: 'Edit as JSON',
  jsonBody: 'JSON body',
  bodyHint: 'Prefilled with an example built from the document’s schema.',
  bodyFormHint:
    'Sent as one JSON object of these fields; an empty field is left out. “Edit as JSON” shows it whole.',
  bodyFields: {
    title: 'the document’s title',
    slug: 'its path in the repository',
    public: 'who can read it',
    format: 'the format of body',
  },
  bodyUnset: '— (left out)',
  visibility: { '0': '0 · private', '1': '1 · public', '2': '2 · public within the organization' },
  bodyText: (p: { format: string }) => `the text, in ${p.format}`,
  send: 'Send',
  sending: 'Sending…',
  sendShortcut: 'Ctrl/⌘ + Enter',
  changesData: 'Changes data: you confirm first.',
  announce: (p: { status: number; ms: string }) => `HTTP ${p.status} in ${p.ms} ms`,
  failed: 'The call failed: no answer came back.',
  offlineTitle: 'You are offline: nothing was sent.',
  offlineDetail:
    'Reconnect to the network, then press Send again. Nothing is sent later by itself.',
  useAs: (p: { param: string }) => `Use as ${p.param}`,
  pickedAs: (p: { param: string }) => `✓ Kept for ${p.param}`,
  // The recent calls (history-list.tsx).
  history: 'Recent calls in this tab',
  historyHint:
    'Reopen one to get its operation and inputs back. Nothing is sent until you press Send.',
  noAnswer: 'no answer',
  // The form's own checks (explorer-state.ts).
  pathRequired: (p: { name: string }) => `The path parameter "${p.name}" is required.`,
  queryRequired: (p: { name: string }) => `"${p.name}" is required.`,
  queryInvalid: (p: { name: string; hint: string }) => `"${p.name}" must be ${p.hint}.`,
  bodyNotObject: 'The body must be a JSON object ({…}).',
  bodyNotJson: (p: { reason: string }) => `The body is not valid JSON: ${p.reason}.`,
  unreadable: 'unreadable',
  // The confirmation (confirm-write.tsx).
  confirmDelete: 'Delete on the service?',
  confirmChange: 'Change data on the service?',
  target: (p: { name: string }) => `Target: “${p.name}”`,
  bodySent: 'The body sent',
  toEmulator: (p: { host: ReactNode }) =>
    parts(
      'This goes to the embedded emulator (',
      p.host,
      '): its data resets when the playground restarts.',
    ),
  toService: (p: { host: ReactNode }) =>
    parts('This goes to ', p.host, ': the change is real and may not be undone.'),
  configuredService: 'the configured service',
  cancel: 'Cancel',
  delete: 'Delete',
  /** The OpenAPI document's parameter types, named in a field's hint. */
  types: {
    integer: 'integer',
    number: 'number',
    string: 'string',
    boolean: 'true or false',
  } as Readonly<Record<string, string>>,
}
