/**
 * "Code to take home": for each step of the OAuth flows, the code a developer writes in their own
 * app, in curl, JavaScript (fetch), Python (requests) and Go (net/http), written from the same
 * protocol functions the proxy runs (authorizeParams, SIGNED_PARAMS and the signature's recipe,
 * the poll's pace and its pending answer) and from the page's configuration (client id, redirect
 * URI, endpoints, base URL). The client secret is never in them: each reads YUQUE_CLIENT_SECRET
 * when it runs, and the browser that renders them never has it (docs/security.md#h1, #j1).
 * Every snippet is a program that runs as it stands: flow-snippets-run.test.ts runs them against
 * the emulator.
 */
import { authorizeSnippets } from './flow-authorize-snippets'
import { callbackSnippets } from './flow-callback-snippets'
import { clientCodePollSnippets } from './flow-client-code-poll'
import { clientCodeSignSnippets } from './flow-client-code-sign'
import { oneLineComments, type FlowComments, type FlowSnippetConfig } from './flow-common'
import { exchangeSnippets } from './flow-exchange-snippets'
import { requestSnippets } from './request-snippets'
import type { SdkComments } from './sdk-snippet'
import { SNIPPET_LANGUAGES, type SnippetLanguage, type TabCode } from './snippets'

export type { FlowSnippetConfig } from './flow-common'

/** The steps, in the order of the flows: the authorization-code flow's, then the client-code flow's. */
export const FLOW_STEPS = [
  'authorize',
  'callback',
  'exchange',
  'api',
  'client-code-sign',
  'client-code-poll',
] as const
export type FlowStep = (typeof FLOW_STEPS)[number]

/** The comments of the snippets: the flow's, and the API call's (snippet-messages.ts). */
export interface FlowSnippetComments {
  flow: FlowComments
  api: SdkComments
}

type Writers = Record<SnippetLanguage, (config: FlowSnippetConfig, c: FlowComments) => string>

const WRITERS: Record<Exclude<FlowStep, 'api'>, Writers> = {
  authorize: authorizeSnippets,
  callback: callbackSnippets,
  exchange: exchangeSnippets,
  'client-code-sign': clientCodeSignSnippets,
  'client-code-poll': clientCodePollSnippets,
}

/** Whether the step belongs to the client-code flow, which needs its own app. */
export const isClientCodeStep = (step: FlowStep) =>
  step === 'client-code-sign' || step === 'client-code-poll'

/**
 * The step's snippets, one per tab; none for a client-code step where the page has no
 * client-code app. The API call is GET /user, the explorer's request (request-snippets.ts).
 */
export function flowSnippets(
  step: FlowStep,
  config: FlowSnippetConfig,
  comments: FlowSnippetComments,
): TabCode[] {
  if (isClientCodeStep(step) && config.clientCodeClientId === null) return []
  if (step === 'api') {
    return requestSnippets(
      { method: 'GET', baseUrl: config.baseUrl, servicePath: '/user' },
      comments.api,
    )
  }
  const lines = oneLineComments(comments.flow)
  return SNIPPET_LANGUAGES.map((language) => ({
    tab: language,
    code: WRITERS[step][language](config, lines),
  }))
}
