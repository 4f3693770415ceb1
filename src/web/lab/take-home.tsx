/**
 * "Code to take home" for the flow lab: for each step asked for, a heading, a line on what the
 * step does, and the code a developer writes for it in their own app, as tabs (curl,
 * JavaScript, Python, Go; the official SDK's too for the API call), in the reader's language.
 * The code is written from the protocol functions the proxy runs and the page's configuration
 * (src/web/lib/snippets/flow-snippets.ts); no secret is in it, nor in anything the browser has
 * (docs/security.md#h1).
 */
import { useId } from 'react'
import type { PlaygroundConfig } from '../../protocol/playground-api'
import { useMessages } from '../i18n/use-messages'
import { flowMessages } from '../lib/snippets/flow-messages'
import { flowSnippets, type FlowStep } from '../lib/snippets/flow-snippets'
import { snippetMessages } from '../lib/snippets/snippet-messages'
import { SnippetTabs } from '../lib/snippets/snippet-tabs'

export type { FlowStep } from '../lib/snippets/flow-snippets'

/** The step's key in the messages. */
const MESSAGE_KEYS = {
  authorize: 'authorize',
  callback: 'callback',
  exchange: 'exchange',
  api: 'api',
  'client-code-sign': 'clientCodeSign',
  'client-code-poll': 'clientCodePoll',
} as const satisfies Record<FlowStep, string>

export interface TakeHomeProps {
  /** The steps to show, in this order (FLOW_STEPS lists them all). */
  steps: readonly FlowStep[]
  /** The page's configuration (GET /auth/config): ids and addresses, never a secret. */
  config: Pick<
    PlaygroundConfig,
    'clientId' | 'redirectUri' | 'authorizeEndpoint' | 'baseUrl' | 'clientCodeClientId' | 'pkce'
  >
  /** The scopes the authorize request asks for, comma-separated: `doc,repo`. */
  scope: string
  /** The level of each step's heading, under the page's own. Default 3. */
  headingLevel?: 2 | 3 | 4
}

export function TakeHome({ steps, config, scope, headingLevel = 3 }: TakeHomeProps) {
  const m = useMessages('snippets', snippetMessages)
  const t = useMessages('takeHome', flowMessages)
  const id = useId()
  const Heading = `h${headingLevel}` as const
  const written = {
    clientId: config.clientId,
    redirectUri: config.redirectUri,
    authorizeEndpoint: config.authorizeEndpoint,
    baseUrl: config.baseUrl,
    scope,
    pkce: config.pkce,
    clientCodeClientId: config.clientCodeClientId,
  }
  return (
    <div className="take-home">
      {steps.map((step) => {
        const text = t.steps[MESSAGE_KEYS[step]]
        const snippets = flowSnippets(step, written, { flow: t.comments, api: m.comments })
        const headingId = `${id}-${step}`
        return (
          <section key={step} className="take-home-step" aria-labelledby={headingId}>
            <Heading id={headingId}>{text.title}</Heading>
            <p className="field-hint">{text.hint}</p>
            {snippets.length === 0 ? (
              <p className="muted">{t.noClientCodeApp}</p>
            ) : (
              <SnippetTabs snippets={snippets} />
            )}
          </section>
        )
      })}
    </div>
  )
}
