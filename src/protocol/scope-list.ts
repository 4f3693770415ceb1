/**
 * The tolerant parser, for scope lists a server wrote (a token answer, `X-OAuth-Scopes`,
 * `X-Accepted-OAuth-Scopes`): commas or white space separate, blanks and duplicates go, and
 * unknown names are kept as they came (a newer service may have scopes this app does not know).
 * parseScopes (scopes.ts) is the strict one, for what a user asks for.
 *
 * Split from scopes.ts, which re-exports it, for the first-load budget alone
 * (bench/bundle-budget.test.ts): the first load parses every answer's scope headers
 * (headers.ts), and a bundler keeps a module whole, so importing scopes.ts there would bring the
 * scope table and its meanings, which only later pages show (docs/decisions/0008).
 */
export function parseScopeList(input: string): string[] {
  return [...new Set(input.split(/[,\s]+/))].filter((name) => name !== '')
}
