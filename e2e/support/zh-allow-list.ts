/**
 * What may stay in Latin letters on a Chinese screen (e2e/zh-screens.spec.ts): everything else
 * the check finds there is English a reader of the Chinese pages was left with. The rule is
 * docs/decisions/0009-i18n.md's: the messages are Chinese; the names a developer types or reads
 * in the API stay as the API spells them.
 *
 * Two kinds of entry: `ALLOWED_PHRASES`, cut out of the text whole before it is split into
 * words (a demo user's name, a command), so that their words are not allowed anywhere else; and
 * `ALLOWED_TOKENS`, single words compared without case.
 */
import { SEED_PASSWORD, seedApps, seedGroups, seedUsers } from '../../src/emulator/seed'

/**
 * Service data: what the emulator's seed holds (src/emulator/seed.ts) is the service's content,
 * shown as the service sends it, in the language its author wrote it: names, logins,
 * descriptions, repository and team names. The registered apps' NAMES are data of the same kind
 * (the consent page names the app as the developer registered it; a real service would show
 * whatever name the app was registered with), so "Yuque OAuth Playground" may stand on the
 * emulator's Chinese consent page; their descriptions are the playground's own text, and are
 * given in both languages (src/emulator/seed.ts).
 */
const SEED_TEXT: readonly string[] = [
  ...seedApps().map((app) => app.name),
  // And their client ids, which a developer types as they are (the Your app page names the demo
  // app the emulator knows).
  ...seedApps().map((app) => app.clientId),
  // The demo users' password, which the connect page and the sign-in page tell.
  SEED_PASSWORD,
  ...seedUsers.flatMap((user) => [
    user.name,
    user.login,
    user.description ?? '',
    ...user.repos.flatMap((repo) => [repo.name, repo.slug, repo.description ?? '']),
  ]),
  ...seedGroups.flatMap((group) => [
    group.name,
    group.login,
    group.description ?? '',
    ...(group.repos ?? []).flatMap((repo) => [repo.name, repo.slug, repo.description ?? '']),
  ]),
].filter((text) => text !== '')

/**
 * Answers the service writes itself, shown as they came: the greeting of GET /hello
 * (docs/service.md#endpoints) and the emulator's own English error messages inside a quoted
 * "proxy said" line are marked lang="en" and skipped; these are the ones shown inline.
 */
const SERVICE_ANSWERS: readonly RegExp[] = [/Hello,? [^，。]+/g]

/** Commands and environment variables a reader types as written (README.md, "Run it"). */
const COMMANDS: readonly string[] = ['npm run dev', 'npm start']

export const ALLOWED_PHRASES: readonly (string | RegExp)[] = [
  // Longest first: "Yuque OAuth Playground CLI" before "Yuque OAuth Playground".
  ...[...SEED_TEXT, ...COMMANDS].sort((a, b) => b.length - a.length),
  ...SERVICE_ANSWERS,
]

export const ALLOWED_TOKENS: ReadonlySet<string> = new Set(
  [
    // Protocols, formats and standards, written in Latin letters in Chinese technical text too.
    ...['OAuth', 'API', 'HTTP', 'HTTPS', 'JSON', 'URL', 'URI', 'ID', 'RFC', 'PKCE', 'CSRF'],
    ...['SHA-256', 'S256', 'base64', 'Cookie', 'UTF-8', 'TypeScript', 'curl', 'fetch', 'schema'],
    // The languages of the explorer's snippets (src/web/lib/snippets/), as they name themselves.
    ...['JavaScript', 'Python', 'Go'],
    // Yuque's own word on its token settings page ("个人访问令牌（Token）", as yuque.com has it).
    'Token',
    // OAuth's names for its flows and parameters (RFC 6749, Yuque's client-code flow), the
    // parameter names of the authorize and token requests, and error codes as the service sends
    // them: a developer looks these up as spelt.
    ...['authorization', 'code', 'client', 'client_id', 'client_secret', 'redirect_uri'],
    ...['response_type', 'state', 'scope', 'code_challenge', 'code_challenge_method', 'plain'],
    'code_verifier',
    ...['timestamp', 'sign', 'decision', 'approve', 'deny', 'error', 'access_denied', 'login'],
    // HTTP headers the pages name (the status bar, the inspector, the profile's panels).
    ...['X-RateLimit', 'X-OAuth-Scopes', 'X-Auth-Token', 'Retry-After', 'Accept-Language'],
    // HTTP methods.
    ...['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // Scope names (src/protocol/scopes.ts) and the resource names the API's tags use.
    ...['doc', 'repo', 'group', 'user', 'read', 'attach_upload', 'statistic', 'search'],
    // Fields of the service's JSON the pages point at (data.message, public = 1, avatar_url)
    // and the header that says which scopes an endpoint accepts.
    ...['data.message', 'public', 'avatar_url', 'X-Accepted-OAuth-Scopes'],
    // What the flow lab's advice names as the service and the protocol spell it: error codes, the
    // token answer's fields, the header every call carries, the client-code signature's parts.
    ...['invalid_grant', 'invalid_client', 'invalid_request', 'access_token', 'token_type'],
    ...['User-Agent', 'X-RateLimit-Remaining', 'HMAC-SHA1', 'encodeURIComponent'],
    // The token type (RFC 6750), as a token answer spells it.
    'bearer',
    // Environment variables a reader sets, and the placeholders the inspector's curl commands
    // carry where a secret was (src/protocol/trace.ts; the flow lab's, src/proxy/lab/).
    ...['YUQUE_TOKEN', 'YUQUE_AUTH_URL', 'YUQUE_BASE_URL', 'CLIENT_CREDENTIAL'],
    ...['FORM_FIELD', 'DEMO_USER_SECRET', 'SERVICE_COOKIES'],
    // The shells the curl snippets are written for, as they name themselves.
    ...['POSIX', 'shell', 'bash', 'zsh'],
    // Addresses: the service's host in "yuque.com/alice", and the loopback host.
    ...['yuque.com', 'localhost'],
  ].map((token) => token.toLowerCase()),
)
