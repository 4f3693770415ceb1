/**
 * The client-code flow's signed authorize request as code (docs/service.md#client-code-flow): a
 * 40-character code from a CSPRNG, the time in milliseconds, the base string and its HMAC-SHA1
 * with the client secret (from YUQUE_CLIENT_SECRET), base64. The signed parameters and their
 * order are `SIGNED_PARAMS`, and the base string is built as `clientCodeBaseString` builds it
 * (src/protocol/client-code.ts, the one the proxy signs and the emulator checks with), each value
 * encoded as encodeURIComponent does. Each program prints the address to open.
 */
import { SIGNED_PARAMS, type ClientCodeParams } from '../../../protocol/client-code'
import {
  ENV,
  hashComment,
  slashComment,
  type FlowComments,
  type FlowSnippetConfig,
} from './flow-common'
import { quoted, shellWord, type ShellPart } from './snippet-quoting'

/** A signed parameter: a value known now, or the code or time the program makes. */
type Signed = { name: keyof ClientCodeParams } & (
  { value: string } | { made: 'code' | 'timestamp' }
)

function signedParams(config: FlowSnippetConfig): Signed[] {
  const known: Partial<Record<keyof ClientCodeParams, string>> = {
    client_id: config.clientCodeClientId ?? '',
    response_type: 'code',
    scope: config.scope,
  }
  return SIGNED_PARAMS.map((name) => {
    if (name === 'code' || name === 'timestamp') return { name, made: name }
    return { name, value: known[name] ?? '' }
  })
}

const intro = (c: FlowComments) => [c.secret, c.clientCode, c.timestamp]

function curl(config: FlowSnippetConfig, c: FlowComments): string {
  // The base string's values, each encoded now (the code and the time need no encoding).
  const parts: ShellPart[] = signedParams(config).flatMap((param, index): ShellPart[] => [
    { text: `${index === 0 ? '' : '&'}${param.name}=` },
    'value' in param ? { text: encodeURIComponent(param.value) } : { variable: param.made },
  ])
  return [
    ...intro(c).map((line) => hashComment(line)),
    `: "\${${ENV.secret}:?Set ${ENV.secret} first}"`,
    "code=$(LC_ALL=C tr -dc 'A-Za-z0-9' < /dev/urandom | head -c 40)",
    'timestamp=$(($(date +%s) * 1000))',
    hashComment(c.baseString),
    `base=${shellWord(parts)}`,
    hashComment(c.hmac),
    hashComment(c.opensslArgv),
    `sign=$(printf '%s' "$base" | openssl dgst -sha1 -hmac "$${ENV.secret}" -binary | openssl base64)`,
    // base64's + / = are URL-encoded again in the address (docs/service.md#client-code-flow).
    `sign_in_url=$(printf '%s' "$sign" | sed 's/+/%2B/g; s#/#%2F#g; s/=/%3D/g')`,
    hashComment(c.openUrl),
    `echo ${shellWord([
      { text: `${config.authorizeEndpoint}?` },
      { variable: 'base' },
      { text: '&sign=' },
      { variable: 'sign_in_url' },
    ])}`,
  ].join('\n')
}

function javascript(config: FlowSnippetConfig, c: FlowComments): string {
  const value = (param: Signed) => ('value' in param ? quoted(param.value) : param.made)
  return [
    "import { createHmac, randomInt } from 'node:crypto'",
    '',
    ...intro(c).map((line) => slashComment(line)),
    `if (!process.env.${ENV.secret}) throw new Error('Set ${ENV.secret} first')`,
    "const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'",
    "const code = Array.from({ length: 40 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')",
    'const timestamp = String(Date.now())',
    '',
    slashComment(c.baseString),
    'const params = [',
    ...signedParams(config).map((param) => `  [${quoted(param.name)}, ${value(param)}],`),
    ']',
    "const base = params.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')",
    slashComment(c.hmac),
    `const sign = createHmac('sha1', process.env.${ENV.secret}).update(base).digest('base64')`,
    '',
    `const url = new URL(${quoted(config.authorizeEndpoint)})`,
    'for (const [name, value] of params) url.searchParams.set(name, value)',
    "url.searchParams.set('sign', sign)",
    slashComment(c.openUrl),
    'console.log(url.href)',
  ].join('\n')
}

function python(config: FlowSnippetConfig, c: FlowComments): string {
  const value = (param: Signed) => ('value' in param ? quoted(param.value) : param.made)
  return [
    ...intro(c).map((line) => hashComment(line)),
    'import base64',
    'import hashlib',
    'import hmac',
    'import os',
    'import secrets',
    'import string',
    'import time',
    'from urllib.parse import quote, urlencode',
    '',
    'alphabet = string.ascii_uppercase + string.ascii_lowercase + string.digits',
    'code = "".join(secrets.choice(alphabet) for _ in range(40))',
    'timestamp = str(int(time.time() * 1000))',
    '',
    hashComment(c.baseString),
    'params = [',
    ...signedParams(config).map((param) => `    (${quoted(param.name)}, ${value(param)}),`),
    ']',
    // quote() keeps letters, digits and _.-~; encodeURIComponent keeps !'()* too.
    'base = "&".join(name + "=" + quote(value, safe="!\'()*") for name, value in params)',
    hashComment(c.hmac),
    `key = os.environ["${ENV.secret}"].encode("utf-8")`,
    'digest = hmac.new(key, base.encode("utf-8"), hashlib.sha1).digest()',
    'sign = base64.b64encode(digest).decode("ascii")',
    hashComment(c.openUrl),
    `print(${quoted(`${config.authorizeEndpoint}?`)} + urlencode(params + [("sign", sign)]))`,
  ].join('\n')
}

function go(config: FlowSnippetConfig, c: FlowComments): string {
  const value = (param: Signed) =>
    'value' in param ? quoted(param.value) : param.made === 'code' ? 'string(code)' : 'timestamp'
  const imports = ['crypto/hmac', 'crypto/rand', 'crypto/sha1', 'encoding/base64', 'fmt']
  return [
    ...intro(c).map((line) => slashComment(line)),
    'package main',
    '',
    'import (',
    ...[...imports, 'math/big', 'net/url', 'os', 'strconv', 'strings', 'time'].map(
      (name) => `\t"${name}"`,
    ),
    ')',
    '',
    'const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"',
    '',
    // Go's url.QueryEscape and PathEscape both differ from it: `+` for a space, `!'()*` escaped.
    'func encodeURIComponent(value string) string {',
    '\tvar out strings.Builder',
    '\tfor _, b := range []byte(value) {',
    "\t\tif 'A' <= b && b <= 'Z' || 'a' <= b && b <= 'z' || '0' <= b && b <= '9' ||",
    '\t\t\tstrings.IndexByte("-_.!~*\'()", b) >= 0 {',
    '\t\t\tout.WriteByte(b)',
    '\t\t} else {',
    '\t\t\tfmt.Fprintf(&out, "%%%02X", b)',
    '\t\t}',
    '\t}',
    '\treturn out.String()',
    '}',
    '',
    'func main() {',
    `\tsecret := os.Getenv("${ENV.secret}")`,
    '\tif secret == "" {',
    `\t\tpanic("Set ${ENV.secret} first")`,
    '\t}',
    '\tcode := make([]byte, 40)',
    '\tfor i := range code {',
    '\t\tn, err := rand.Int(rand.Reader, big.NewInt(int64(len(alphabet))))',
    '\t\tif err != nil {',
    '\t\t\tpanic(err)',
    '\t\t}',
    '\t\tcode[i] = alphabet[n.Int64()]',
    '\t}',
    '\ttimestamp := strconv.FormatInt(time.Now().UnixMilli(), 10)',
    '',
    slashComment(c.baseString, '\t'),
    '\tparams := [][2]string{',
    ...signedParams(config).map((param) => `\t\t{${quoted(param.name)}, ${value(param)}},`),
    '\t}',
    '\tsigned := make([]string, 0, len(params))',
    '\tfor _, param := range params {',
    '\t\tsigned = append(signed, param[0]+"="+encodeURIComponent(param[1]))',
    '\t}',
    '\tbase := strings.Join(signed, "&")',
    slashComment(c.hmac, '\t'),
    '\tmac := hmac.New(sha1.New, []byte(secret))',
    '\tmac.Write([]byte(base))',
    '\tsign := base64.StdEncoding.EncodeToString(mac.Sum(nil))',
    slashComment(c.openUrl, '\t'),
    `\tfmt.Println(${quoted(`${config.authorizeEndpoint}?`)} + base + "&sign=" + url.QueryEscape(sign))`,
    '}',
  ].join('\n')
}

export const clientCodeSignSnippets = { curl, javascript, python, go }
