/**
 * The authorization-code flow's first step as code (docs/service.md#authorization-code-flow): a
 * state and a PKCE verifier from a CSPRNG (src/proxy/auth/oauth.ts makes them so), the S256
 * challenge, and the authorize URL. Its parameters come from `authorizeParams`
 * (src/protocol/authorize.ts), the one builder the proxy sends: the snippets write them in its
 * order, state and challenge as the program's own variables, so they cannot drift from it. Each
 * program prints the URL, then `YUQUE_STATE=…` and `YUQUE_CODE_VERIFIER=…` for the next steps.
 */
import { authorizeParams } from '../../../protocol/authorize'
import {
  ENV,
  hashComment,
  slashComment,
  type FlowComments,
  type FlowSnippetConfig,
} from './flow-common'
import { quoted, shellWord, type ShellPart } from './snippet-quoting'

/** A parameter: a value from the configuration, or one the program makes when it runs. */
type Param = { name: string } & ({ value: string } | { made: 'state' | 'challenge' })

/** Stand-ins that no configured value can equal (configured values hold no NUL). */
const STATE = '\u0000state'
const CHALLENGE = '\u0000challenge'

function paramsOf(config: FlowSnippetConfig): Param[] {
  const params = authorizeParams({
    clientId: config.clientId,
    redirectUri: config.redirectUri,
    scope: config.scope,
    state: STATE,
    codeChallenge: config.pkce === 'S256' ? CHALLENGE : null,
  })
  return params.map(([name, value]) =>
    value === STATE
      ? { name, made: 'state' }
      : value === CHALLENGE
        ? { name, made: 'challenge' }
        : { name, value },
  )
}

/** The comment lines above the URL: what is random, the challenge, the order. */
function header(config: FlowSnippetConfig, c: FlowComments): string[] {
  return config.pkce === 'S256' ? [c.random, c.challenge] : [c.randomState]
}

function curl(config: FlowSnippetConfig, c: FlowComments): string {
  const pkce = config.pkce === 'S256'
  const random = "$(openssl rand -base64 32 | tr '+/' '-_' | tr -d '=')"
  // Form encoding, as URLSearchParams writes it: what the other languages send too.
  const encode = (text: string) => new URLSearchParams([['', text]]).toString().slice(1)
  const parts: ShellPart[] = [{ text: `${config.authorizeEndpoint}?` }]
  for (const [index, param] of paramsOf(config).entries()) {
    parts.push({ text: `${index === 0 ? '' : '&'}${encode(param.name)}=` })
    if ('value' in param) parts.push({ text: encode(param.value) })
    else parts.push({ variable: param.made === 'state' ? 'state' : 'code_challenge' })
  }
  return [
    ...header(config, c).map((line) => hashComment(line)),
    `state=${random}`,
    ...(pkce
      ? [
          `code_verifier=${random}`,
          `code_challenge=$(printf '%s' "$code_verifier" | openssl dgst -sha256 -binary | openssl base64 | tr '+/' '-_' | tr -d '=')`,
        ]
      : []),
    hashComment(c.order),
    `url=${shellWord(parts)}`,
    hashComment(c.keep),
    'echo "$url"',
    hashComment(c.printed),
    `echo "${ENV.state}=$state"`,
    ...(pkce ? [`echo "${ENV.codeVerifier}=$code_verifier"`] : []),
  ].join('\n')
}

function javascript(config: FlowSnippetConfig, c: FlowComments): string {
  const pkce = config.pkce === 'S256'
  const value = (param: Param) =>
    'value' in param ? quoted(param.value) : param.made === 'state' ? 'state' : 'codeChallenge'
  return [
    `import { ${pkce ? 'createHash, ' : ''}randomBytes } from 'node:crypto'`,
    '',
    ...header(config, c).map((line) => slashComment(line)),
    "const state = randomBytes(32).toString('base64url')",
    ...(pkce
      ? [
          "const codeVerifier = randomBytes(32).toString('base64url')",
          "const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url')",
        ]
      : []),
    '',
    slashComment(c.order),
    `const url = new URL(${quoted(config.authorizeEndpoint)})`,
    ...paramsOf(config).map(
      (param) => `url.searchParams.set(${quoted(param.name)}, ${value(param)})`,
    ),
    slashComment(c.keep),
    'console.log(url.href)',
    slashComment(c.printed),
    `console.log(\`${ENV.state}=\${state}\`)`,
    ...(pkce ? [`console.log(\`${ENV.codeVerifier}=\${codeVerifier}\`)`] : []),
  ].join('\n')
}

function python(config: FlowSnippetConfig, c: FlowComments): string {
  const pkce = config.pkce === 'S256'
  const value = (param: Param) =>
    'value' in param ? quoted(param.value) : param.made === 'state' ? 'state' : 'code_challenge'
  return [
    ...(pkce ? ['import base64', 'import hashlib'] : []),
    'import secrets',
    'from urllib.parse import urlencode',
    '',
    ...header(config, c).map((line) => hashComment(line)),
    'state = secrets.token_urlsafe(32)',
    ...(pkce
      ? [
          'code_verifier = secrets.token_urlsafe(32)',
          'code_challenge = (',
          '    base64.urlsafe_b64encode(hashlib.sha256(code_verifier.encode("ascii")).digest())',
          '    .rstrip(b"=")',
          '    .decode("ascii")',
          ')',
        ]
      : []),
    '',
    hashComment(c.order),
    'params = [',
    ...paramsOf(config).map((param) => `    (${quoted(param.name)}, ${value(param)}),`),
    ']',
    `url = ${quoted(`${config.authorizeEndpoint}?`)} + urlencode(params)`,
    hashComment(c.keep),
    'print(url)',
    hashComment(c.printed),
    `print(${quoted(`${ENV.state}=`)} + state)`,
    ...(pkce ? [`print(${quoted(`${ENV.codeVerifier}=`)} + code_verifier)`] : []),
  ].join('\n')
}

function go(config: FlowSnippetConfig, c: FlowComments): string {
  const pkce = config.pkce === 'S256'
  const value = (param: Param) =>
    'value' in param ? quoted(param.value) : param.made === 'state' ? 'state' : 'codeChallenge'
  const imports = [
    'crypto/rand',
    ...(pkce ? ['crypto/sha256'] : []),
    'encoding/base64',
    'fmt',
    'net/url',
    'strings',
  ]
  return [
    'package main',
    '',
    'import (',
    ...imports.map((name) => `\t"${name}"`),
    ')',
    '',
    ...header(config, c).map((line) => slashComment(line)),
    'func randomValue() string {',
    '\tbytes := make([]byte, 32)',
    '\tif _, err := rand.Read(bytes); err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\treturn base64.RawURLEncoding.EncodeToString(bytes)',
    '}',
    '',
    'func main() {',
    '\tstate := randomValue()',
    ...(pkce
      ? [
          '\tcodeVerifier := randomValue()',
          '\tsum := sha256.Sum256([]byte(codeVerifier))',
          '\tcodeChallenge := base64.RawURLEncoding.EncodeToString(sum[:])',
        ]
      : []),
    '',
    // url.Values.Encode sorts the names: the query is written in order by hand.
    slashComment(c.order, '\t'),
    '\tparams := [][2]string{',
    ...paramsOf(config).map((param) => `\t\t{${quoted(param.name)}, ${value(param)}},`),
    '\t}',
    '\tquery := make([]string, 0, len(params))',
    '\tfor _, param := range params {',
    '\t\tquery = append(query, url.QueryEscape(param[0])+"="+url.QueryEscape(param[1]))',
    '\t}',
    slashComment(c.keep, '\t'),
    `\tfmt.Println(${quoted(`${config.authorizeEndpoint}?`)} + strings.Join(query, "&"))`,
    slashComment(c.printed, '\t'),
    `\tfmt.Println(${quoted(`${ENV.state}=`)} + state)`,
    ...(pkce ? [`\tfmt.Println(${quoted(`${ENV.codeVerifier}=`)} + codeVerifier)`] : []),
    '}',
  ].join('\n')
}

export const authorizeSnippets = { curl, javascript, python, go }
