/** The inspector namespace's English messages (src/web/i18n/catalog.ts says how to write them). */
import type { ReactNode } from 'react'
import { parts } from '../lib/text-parts'
import type { CallbackEntry, Flow, Lane, StepState } from './timeline'
import type { TraceRequest, TraceStep } from '../../protocol/trace'

export const inspectorMessages = {
  title: 'Flow inspector',
  clear: 'Clear',
  close: 'Close',
  intro:
    'What the proxy did for this tab, step by step, as it reported it: secrets are replaced on the server before anything reaches this page.',
  sequence: 'Sequence',
  timeline: 'Timeline',
  empty:
    'No calls yet. Use the app: each call to the proxy appears here with what the proxy sent to the service.',
  skipped: (p: { count: number; shown: string }) =>
    p.count === 1
      ? `${p.shown} stored entry was unreadable and left out; Clear removes it.`
      : `${p.shown} stored entries were unreadable and left out; Clear removes them.`,
  /**
   * The steps' titles and notes are the proxy's own words, in English (protocol/trace.ts): a
   * note says so on a page in another language; none is needed on an English one.
   */
  traceNote: '',
  flows: {
    'authorization-code': 'authorization code',
    'client-code': 'client code (no server)',
  } satisfies Record<Flow, string>,
  beforeConnection: 'Before any connection in this tab',
  connectionAt: (p: { time: string; flow: string }) => `Connection at ${p.time} · ${p.flow}`,
  entries: (p: { count: number; shown: string }) =>
    `${p.shown} ${p.count === 1 ? 'entry' : 'entries'}`,
  current: 'current',
  /** In the method's place, for a check made in this tab (the callback's): no request was sent. */
  inThisTab: 'TAB',
  milliseconds: (p: { ms: string }) => `${p.ms} ms`,
  // The callback page's own check (callback/).
  verdicts: {
    match: 'it is one this tab sent before leaving for the authorize page',
    missing: 'the service’s answer carries no state',
    unknown: 'this tab never sent it: another tab, another browser, or a forged link',
    used: 'this tab already used it: a login completes once',
  } satisfies Record<CallbackEntry['verdict'], string>,
  callbackError: (p: { error: string }) => `Callback: the service answered error=${p.error}`,
  callbackInvalid: 'Callback: the answer is malformed',
  callbackCheck: (p: { isPassed: boolean }) =>
    `Callback: state check ${p.isPassed ? 'passed' : 'failed'}`,
  callbackCompared: (p: { state: ReactNode; verdict: string }) =>
    parts(
      'The callback page compared the returned state ',
      p.state,
      ` with the ones this tab remembered: ${p.verdict}.`,
    ),
  codeSentOnce: 'The code went to the proxy, once, and left the address bar.',
  nothingExchanged: 'Nothing was exchanged.',
  browserCheck: 'A check in the browser: there is no call to reproduce with curl.',
  noServiceCall: 'Playground endpoint (no call to the service)',
  proxyRefused: (p: { error: ReactNode }) =>
    parts('The proxy answered itself with ', p.error, ': see the page for what to do next.'),
  proxyOwnState:
    'The proxy answered from its own state (session cookie, configuration): there is no call to the service to reproduce with curl.',
  // One step of a call (step-detail.tsx).
  outcomes: {
    passed: 'passed',
    failed: 'failed',
    pending: 'pending',
    info: '',
  } satisfies Record<TraceStep['outcome'], string>,
  paramsIn: {
    query: 'Query parameters',
    form: 'Form body',
    json: 'JSON body (field names and kinds; values are not traced)',
  } satisfies Record<TraceRequest['paramsIn'], string>,
  requestHeaders: 'Request headers',
  responseHeaders: 'Response headers that matter',
  responseBody: 'Response body (summary)',
  emptyValue: '(empty)',
  serviceAnswered: (p: { status: ReactNode; ms: string }) =>
    parts('Service answered ', p.status, ` in ${p.ms} ms`),
  copyCurl: 'Copy as curl',
  copied: 'Copied.',
  copyRefused: 'The browser refused the clipboard: select the command below and copy it.',
  setPlaceholders: (p: { names: string }) =>
    `Set ${p.names} first: secrets never reach this page, so the command holds placeholders instead (the comments above say what each one is).`,
  // The sequence diagram (sequence-diagram.tsx).
  showDiagram: 'Show the diagram',
  hideDiagram: 'Hide the diagram',
  lanes: { browser: 'Browser', proxy: 'Proxy', service: 'Service' } satisfies Record<Lane, string>,
  states: {
    done: 'done',
    current: 'current step',
    failed: 'failed',
    upcoming: 'not reached',
  } satisfies Record<StepState, string>,
  notStarted: 'Sequence of the login: not started in this tab',
  atStep: (p: { step: number; of: number; label: string }) =>
    `Sequence of the login, step ${p.step} of ${p.of}: ${p.label}`,
  pollsSoFar: (p: { label: string; polls: string }) => `${p.label} (${p.polls} so far)`,
  steps: {
    'authorization-code': {
      start: 'POST /auth/start',
      authorize: 'authorize page: sign in, consent',
      redirect: 'redirect to /callback?code&state',
      state: 'state check in this tab',
      exchange: 'POST /auth/exchange',
      token: 'token endpoint: credential + code',
      session: 'sealed session cookie, scope only',
      api: 'API calls with X-Auth-Token',
    },
    'client-code': {
      start: 'POST /auth/client-code/start',
      sign: 'sign with the credential',
      authorize: 'authorize page in a new tab',
      poll: 'poll the token endpoint every 3 s',
      session: 'sealed session cookie, scope only',
      api: 'API calls with X-Auth-Token',
    },
  } satisfies Record<Flow, Record<string, string>>,
}
