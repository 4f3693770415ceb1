/**
 * The one table of `returnTo` cases (docs/security.md#b6) that the proxy's tests (`/auth/start`)
 * and the web app's tests (safeReturnTo) both run: `expected` is the path kept, or null for
 * refused.
 */
export const RETURN_TO_CASES: readonly (readonly [input: string, expected: string | null])[] = [
  ['/ok', '/ok'],
  ['/me?tab=repos#teams', '/me?tab=repos#teams'],
  ['/users/alice', '/users/alice'],
  ['/a/./b/../c', '/a/c'],
  ['/%E7%8E%8B', '/%E7%8E%8B'],
  ['https://evil.test', null],
  ['//evil.test', null],
  ['/\\evil.test', null],
  ['\\\\evil.test', null],
  ['/%2F%2Fevil.test', null],
  ['/%2f/evil.test', null],
  ['/%5Cevil.test', null],
  ['/%252F%252Fevil.test', null],
  ['javascript:alert(1)', null],
  ['https:evil.test', null],
  ['evil.test', null],
  ['', null],
  // Dot segments that a browser resolves into a protocol-relative `//host`.
  ['/a/..//evil.test', null],
  ['/./..//evil.test', null],
  ['/a/%2e%2e//evil.test', null],
  ['/a/%2E%2E/%2Fevil.test', null],
  ['/.//evil.test', null],
  ['/%09/evil.test', null],
  ['/\t/evil.test', null],
  ['/x\r\nSet-Cookie: a=b', null],
  ['/callback', null],
  ['/callback?code=x&state=y', null],
  ['/a/../callback', null],
  // The router matches paths case-insensitively and decodes unreserved escapes (RFC 3986
  // §6.2.2): each of these is the callback too (docs/security.md#s9).
  ['/Callback', null],
  ['/CALLBACK/', null],
  ['/%63allback', null],
  ['/%63%61llback?code=x', null],
  ['/%2563allback', null],
  ['/callbacks', '/callbacks'],
  [`/${'a'.repeat(2048)}`, null],
]
