/**
 * What the flow's snippets share (flow-snippets.ts): the page's configuration they are written
 * from, their comments in the reader's language, one line each, and how each language writes a
 * comment. Only ids, addresses and scopes come from the configuration; the client secret never
 * does: every snippet reads it from YUQUE_CLIENT_SECRET when it runs (docs/security.md#h1: the
 * browser, which renders these, never has it).
 */
import type { flowMessages } from './flow-messages'
import { oneLine } from './snippet-quoting'

/** The values the page has (GET /auth/config), and the scopes the user picked. */
export interface FlowSnippetConfig {
  clientId: string
  /** The registered redirect URI, exactly as registered (docs/security.md#a5). */
  redirectUri: string
  /** `{auth_url}/oauth2/authorize`; the token endpoint is `/oauth2/token` on the same host. */
  authorizeEndpoint: string
  /** `{base_url}`, ending in `/api/v2`. */
  baseUrl: string
  /** Comma-separated, as the authorize request carries them: `doc,repo`. */
  scope: string
  /** Whether the authorize request carries a PKCE challenge (OAUTH_PKCE). */
  pkce: 'S256' | 'off'
  /** The client-code flow's app; null where there is none (its steps have no snippet then). */
  clientCodeClientId: string | null
}

export type FlowComments = (typeof flowMessages)['comments']

/** Every comment of the flow's snippets, each on one line. */
export function oneLineComments(comments: FlowComments): FlowComments {
  return Object.fromEntries(
    Object.entries(comments).map(([key, text]) => [
      key,
      typeof text === 'function'
        ? (...args: Parameters<typeof text>) => oneLine(text(...args))
        : oneLine(text),
    ]),
  ) as FlowComments
}

/** The token endpoint beside the authorize endpoint (src/proxy/auth/token-endpoint.ts). */
export const tokenEndpointOf = (config: FlowSnippetConfig) =>
  new URL('/oauth2/token', config.authorizeEndpoint).href

/** `# text` (shell, Python) or `// text` (JavaScript, Go), indented. */
export const hashComment = (text: string, indent = '') => `${indent}# ${text}`
export const slashComment = (text: string, indent = '') => `${indent}// ${text}`

/** The environment variables the snippets read: set by the developer, never written in. */
export const ENV = {
  secret: 'YUQUE_CLIENT_SECRET',
  state: 'YUQUE_STATE',
  callbackUrl: 'YUQUE_CALLBACK_URL',
  code: 'YUQUE_CODE',
  codeVerifier: 'YUQUE_CODE_VERIFIER',
  clientCode: 'YUQUE_CLIENT_CODE',
} as const
