/**
 * The snippets' English messages (lib/snippets: the explorer's response shows them, a flow page
 * may too; src/web/i18n/catalog.ts says how to write them).
 */
export const snippetMessages = {
  outside: 'Run it outside the playground',
  outsideHint:
    'Against the service itself, with your own token in YUQUE_TOKEN: the playground never gives the browser its token.',
  languages: 'Language of the snippet',
  tabs: {
    curl: 'curl',
    javascript: 'JavaScript',
    sdk: 'JavaScript (@yuque/sdk)',
    python: 'Python',
    go: 'Go',
  },
  captions: {
    curl: 'curl in a POSIX shell (bash, zsh).',
    javascript: 'JavaScript for Node 18 or later: save it as call.mjs and run node call.mjs.',
    sdk: 'The official Node SDK (npm install @yuque/sdk): save it as call.mjs and run node call.mjs.',
    python:
      'Python 3 with requests (python3 -m pip install requests): save it as call.py and run python3 call.py.',
    go: 'Go, the standard library only (net/http): save it as main.go and run go run main.go.',
  },
  copy: (p: { language: string }) => `Copy ${p.language}`,
  copied: 'Copied',
  copyFailed: 'Copy failed: select the text and copy it yourself.',
  /** The comment lines at the top of every snippet (one line each). */
  comments: {
    token: 'Set YUQUE_TOKEN to an access token first.',
    userAgent: 'The service refuses a call without a User-Agent: put your app’s name in it.',
    sdk: 'The SDK answers the data of a 200 and throws anything else, with the service’s status and message.',
  },
}
