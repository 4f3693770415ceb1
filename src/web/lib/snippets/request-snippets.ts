/**
 * One API request's snippets, in the tabs' order: curl, JavaScript (fetch), the official SDK's
 * JavaScript where it has the call (sdk-snippet.ts), Python and Go. The explorer shows them
 * (snippet-tabs.tsx), and the flow lab's "call the API" step (flow-snippets.ts).
 */
import { sdkSnippetFor, type SdkComments } from './sdk-snippet'
import { SNIPPET_LANGUAGES, snippetFor, type SnippetRequest, type TabCode } from './snippets'

export function requestSnippets(request: SnippetRequest, comments: SdkComments): TabCode[] {
  const sdk = sdkSnippetFor(request, comments)
  return SNIPPET_LANGUAGES.flatMap((language) => [
    { tab: language, code: snippetFor(language, request, comments) },
    ...(language === 'javascript' && sdk !== null ? [{ tab: 'sdk' as const, code: sdk }] : []),
  ])
}
