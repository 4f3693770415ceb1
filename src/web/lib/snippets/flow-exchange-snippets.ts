/**
 * The code exchange as the app's server makes it (docs/service.md#authorization-code-flow, step
 * 3; the proxy's `/exchange` in src/proxy/auth/auth-routes.ts): one POST, form-encoded, of
 * `client_id`, `client_secret` (from YUQUE_CLIENT_SECRET), `code`, `grant_type` and, with PKCE,
 * `code_verifier`; one attempt, never retried, no redirect followed (docs/security.md#b8, #c3).
 * Each program prints the status, then the body, and fails unless the answer is a 200 bearer
 * token response, as the proxy's `processTokenResponse` (src/proxy/auth/oauth.ts) decides.
 */
import { SNIPPET_USER_AGENT } from './snippets'
import {
  ENV,
  hashComment,
  slashComment,
  tokenEndpointOf,
  type FlowComments,
  type FlowSnippetConfig,
} from './flow-common'
import { quoted, shellWord } from './snippet-quoting'
import { shellQuote } from '../curl'

/** A field of the token request: a configured value, or one the environment gives. */
type Field = { name: string } & ({ value: string } | { env: string })

function fieldsOf(config: FlowSnippetConfig): Field[] {
  return [
    { name: 'client_id', value: config.clientId },
    { name: 'client_secret', env: ENV.secret },
    { name: 'code', env: ENV.code },
    { name: 'grant_type', value: 'authorization_code' },
    ...(config.pkce === 'S256' ? [{ name: 'code_verifier', env: ENV.codeVerifier }] : []),
  ]
}

const inputs = (c: FlowComments) => [c.secret, c.exchangeEnv, c.oneAttempt]

function curl(config: FlowSnippetConfig, c: FlowComments): string {
  const words = fieldsOf(config).map((field) =>
    'value' in field
      ? `--data-urlencode ${shellQuote(`${field.name}=${field.value}`)}`
      : field.env === ENV.secret
        ? // curl reads `name@-`'s value from stdin and URL-encodes it.
          `--data-urlencode ${shellQuote(`${field.name}@-`)}`
        : `--data-urlencode ${shellWord([{ text: `${field.name}=` }, { variable: field.env }])}`,
  )
  return [
    ...inputs(c).map((line) => hashComment(line)),
    hashComment(c.secretStdin),
    hashComment(c.onlyBearer),
    `: "\${${ENV.secret}:?Set ${ENV.secret} first}"`,
    [
      `printf '%s' "$${ENV.secret}" | curl -sS -i --max-time 30 -X POST ${shellQuote(tokenEndpointOf(config))}`,
      `-H 'Accept: application/json'`,
      `-H ${shellQuote(`User-Agent: ${SNIPPET_USER_AGENT}`)}`,
      ...words,
    ].join(' \\\n  '),
  ].join('\n')
}

function javascript(config: FlowSnippetConfig, c: FlowComments): string {
  const value = (field: Field) =>
    'value' in field ? quoted(field.value) : `process.env.${field.env} ?? ''`
  return [
    ...inputs(c).map((line) => slashComment(line)),
    `if (!process.env.${ENV.secret}) throw new Error('Set ${ENV.secret} first')`,
    `const response = await fetch(${quoted(tokenEndpointOf(config))}, {`,
    "  method: 'POST',",
    `  headers: { Accept: 'application/json', 'User-Agent': ${quoted(SNIPPET_USER_AGENT)} },`,
    // A URLSearchParams body goes as application/x-www-form-urlencoded.
    '  body: new URLSearchParams([',
    ...fieldsOf(config).map((field) => `    [${quoted(field.name)}, ${value(field)}],`),
    '  ]),',
    "  redirect: 'manual',",
    '  signal: AbortSignal.timeout(30_000),',
    '})',
    'const text = await response.text()',
    'console.log(response.status)',
    slashComment(c.keepToken),
    'console.log(text)',
    slashComment(c.onlyBearer),
    'let token = null',
    'try {',
    '  token = JSON.parse(text)',
    '} catch {}',
    "const isBearer = typeof token?.access_token === 'string' && token.access_token !== '' &&",
    "  String(token.token_type).toLowerCase() === 'bearer'",
    "if (response.status !== 200 || !isBearer) throw new Error('no bearer token: open no session')",
  ].join('\n')
}

function python(config: FlowSnippetConfig, c: FlowComments): string {
  const value = (field: Field) =>
    'value' in field ? quoted(field.value) : `os.environ["${field.env}"]`
  return [
    ...inputs(c).map((line) => hashComment(line)),
    'import os',
    '',
    'import requests',
    '',
    'response = requests.post(',
    `    ${quoted(tokenEndpointOf(config))},`,
    `    headers={"Accept": "application/json", "User-Agent": ${quoted(SNIPPET_USER_AGENT)}},`,
    '    data={',
    ...fieldsOf(config).map((field) => `        ${quoted(field.name)}: ${value(field)},`),
    '    },',
    '    allow_redirects=False,',
    '    timeout=30,',
    ')',
    'print(response.status_code)',
    hashComment(c.keepToken),
    'print(response.text)',
    hashComment(c.onlyBearer),
    'try:',
    '    token = response.json()',
    'except ValueError:',
    '    token = None',
    'if not (',
    '    response.status_code == 200',
    '    and isinstance(token, dict)',
    '    and isinstance(token.get("access_token"), str)',
    '    and token["access_token"] != ""',
    '    and str(token.get("token_type", "")).lower() == "bearer"',
    '):',
    '    raise SystemExit("no bearer token: open no session")',
  ].join('\n')
}

function go(config: FlowSnippetConfig, c: FlowComments): string {
  const value = (field: Field) =>
    'value' in field ? quoted(field.value) : `os.Getenv("${field.env}")`
  return [
    ...inputs(c).map((line) => slashComment(line)),
    'package main',
    '',
    'import (',
    ...['encoding/json', 'fmt', 'io', 'net/http', 'net/url', 'os', 'strings', 'time'].map(
      (name) => `\t"${name}"`,
    ),
    ')',
    '',
    'func main() {',
    `\tif os.Getenv("${ENV.secret}") == "" {`,
    `\t\tpanic("Set ${ENV.secret} first")`,
    '\t}',
    '\tform := url.Values{}',
    ...fieldsOf(config).map((field) => `\tform.Set(${quoted(field.name)}, ${value(field)})`),
    `\trequest, err := http.NewRequest("POST", ${quoted(tokenEndpointOf(config))}, strings.NewReader(form.Encode()))`,
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\trequest.Header.Set("Content-Type", "application/x-www-form-urlencoded")',
    '\trequest.Header.Set("Accept", "application/json")',
    `\trequest.Header.Set("User-Agent", ${quoted(SNIPPET_USER_AGENT)})`,
    '\tclient := &http.Client{',
    '\t\tTimeout:       30 * time.Second,',
    '\t\tCheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },',
    '\t}',
    '\tresponse, err := client.Do(request)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer response.Body.Close()',
    '\ttext, err := io.ReadAll(response.Body)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tfmt.Println(response.StatusCode)',
    slashComment(c.keepToken, '\t'),
    '\tfmt.Println(string(text))',
    slashComment(c.onlyBearer, '\t'),
    '\tvar token struct {',
    '\t\tAccessToken string `json:"access_token"`',
    '\t\tTokenType   string `json:"token_type"`',
    '\t}',
    '\tif response.StatusCode != 200 || json.Unmarshal(text, &token) != nil ||',
    '\t\ttoken.AccessToken == "" || !strings.EqualFold(token.TokenType, "bearer") {',
    '\t\tfmt.Fprintln(os.Stderr, "no bearer token: open no session")',
    '\t\tos.Exit(1)',
    '\t}',
    '}',
  ].join('\n')
}

export const exchangeSnippets = { curl, javascript, python, go }
