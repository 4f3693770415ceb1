/**
 * The tolerant parser, for scope lists a server wrote (a token answer, `X-OAuth-Scopes`,
 * `X-Accepted-OAuth-Scopes`): commas or white space separate, blanks and duplicates go, and
 * unknown names are kept as they came (a newer service may have scopes this app does not know).
 * parseScopes (scopes.ts) is the strict one, for what a user asks for.
 */
export function parseScopeList(input: string): string[] {
  return [...new Set(input.split(/[,\s]+/))].filter((name) => name !== '')
}
