/**
 * The checks of the return to the redirect URI, as the app's own code: each of `code`, `state`
 * and `error` once at most (RFC 6749 §3.1), `state` equal to the one kept for this browser,
 * compared in constant time (docs/security.md#a2, #a4: src/proxy/auth/oauth.ts `isStateEqual`),
 * an `error` stops it (RFC 6749 §4.1.2.1), and a code must be there. The same checks, in the
 * same spirit, as the flow lab's (src/proxy/lab/callback-checks.ts). Each program takes the
 * address the browser came back to and the kept state from the environment and prints `ok`, or
 * fails with the reason. No HTTP call: the curl tab says so.
 */
import {
  ENV,
  hashComment,
  slashComment,
  type FlowComments,
  type FlowSnippetConfig,
} from './flow-common'

function curl(_config: FlowSnippetConfig, c: FlowComments): string {
  return [c.callbackApp, c.once, c.stateMatch, c.error, c.noCode]
    .map((line) => hashComment(line))
    .join('\n')
}

function javascript(_config: FlowSnippetConfig, c: FlowComments): string {
  return [
    "import { timingSafeEqual } from 'node:crypto'",
    '',
    'function codeFromCallback(callbackUrl, keptState) {',
    '  const params = new URL(callbackUrl).searchParams',
    slashComment(c.once, '  '),
    "  for (const name of ['code', 'state', 'error']) {",
    '    if (params.getAll(name).length > 1) throw new Error(`${name} is repeated`)',
    '  }',
    slashComment(c.stateMatch, '  '),
    "  const received = Buffer.from(params.get('state') ?? '')",
    '  const kept = Buffer.from(keptState)',
    '  if (kept.length === 0 || received.length !== kept.length || !timingSafeEqual(received, kept)) {',
    "    throw new Error('state is not the one kept for this browser')",
    '  }',
    slashComment(c.error, '  '),
    "  const error = params.get('error')",
    '  if (error !== null) throw new Error(`the service answered error=${error}`)',
    slashComment(c.noCode, '  '),
    "  const code = params.get('code')",
    "  if (!code) throw new Error('no code')",
    '  return code',
    '}',
    '',
    slashComment(c.callbackEnv),
    `codeFromCallback(process.env.${ENV.callbackUrl} ?? '', process.env.${ENV.state} ?? '')`,
    "console.log('ok')",
  ].join('\n')
}

function python(_config: FlowSnippetConfig, c: FlowComments): string {
  return [
    'import hmac',
    'import os',
    'from urllib.parse import parse_qs, urlsplit',
    '',
    '',
    'def code_from_callback(callback_url, kept_state):',
    '    params = parse_qs(urlsplit(callback_url).query, keep_blank_values=True)',
    hashComment(c.once, '    '),
    '    for name in ("code", "state", "error"):',
    '        if len(params.get(name, [])) > 1:',
    '            raise ValueError(name + " is repeated")',
    hashComment(c.stateMatch, '    '),
    '    received = params.get("state", [""])[0].encode("utf-8")',
    '    if not kept_state or not hmac.compare_digest(received, kept_state.encode("utf-8")):',
    '        raise ValueError("state is not the one kept for this browser")',
    hashComment(c.error, '    '),
    '    if "error" in params:',
    '        raise ValueError("the service answered error=" + params["error"][0])',
    hashComment(c.noCode, '    '),
    '    code = params.get("code", [""])[0]',
    '    if not code:',
    '        raise ValueError("no code")',
    '    return code',
    '',
    '',
    hashComment(c.callbackEnv),
    `code_from_callback(os.environ["${ENV.callbackUrl}"], os.environ["${ENV.state}"])`,
    'print("ok")',
  ].join('\n')
}

function go(_config: FlowSnippetConfig, c: FlowComments): string {
  return [
    'package main',
    '',
    'import (',
    '\t"crypto/subtle"',
    '\t"errors"',
    '\t"fmt"',
    '\t"net/url"',
    '\t"os"',
    ')',
    '',
    'func codeFromCallback(callbackURL, keptState string) (string, error) {',
    '\tparsed, err := url.Parse(callbackURL)',
    '\tif err != nil {',
    '\t\treturn "", err',
    '\t}',
    '\tparams := parsed.Query()',
    slashComment(c.once, '\t'),
    '\tfor _, name := range []string{"code", "state", "error"} {',
    '\t\tif len(params[name]) > 1 {',
    '\t\t\treturn "", errors.New(name + " is repeated")',
    '\t\t}',
    '\t}',
    slashComment(c.stateMatch, '\t'),
    '\tif keptState == "" || subtle.ConstantTimeCompare([]byte(params.Get("state")), []byte(keptState)) != 1 {',
    '\t\treturn "", errors.New("state is not the one kept for this browser")',
    '\t}',
    slashComment(c.error, '\t'),
    '\tif params.Has("error") {',
    '\t\treturn "", errors.New("the service answered error=" + params.Get("error"))',
    '\t}',
    slashComment(c.noCode, '\t'),
    '\tcode := params.Get("code")',
    '\tif code == "" {',
    '\t\treturn "", errors.New("no code")',
    '\t}',
    '\treturn code, nil',
    '}',
    '',
    'func main() {',
    slashComment(c.callbackEnv, '\t'),
    `\tif _, err := codeFromCallback(os.Getenv("${ENV.callbackUrl}"), os.Getenv("${ENV.state}")); err != nil {`,
    '\t\tfmt.Fprintln(os.Stderr, err)',
    '\t\tos.Exit(1)',
    '\t}',
    '\tfmt.Println("ok")',
    '}',
  ].join('\n')
}

export const callbackSnippets = { curl, javascript, python, go }
