/**
 * The lab namespace's English messages (src/web/i18n/catalog.ts says how to write them); what
 * only a result's view says is result-messages.ts.
 */
import type { ReactNode } from 'react'
import type { LabProfile } from '../../protocol/lab-api'
import type {
  AfterReturn,
  EditorField,
  EditorProblem,
  PkceMode,
  RedirectMode,
  ResponseTypeChoice,
  StateMode,
} from './editor-draft'
import type { ScenarioGroupId } from './scenarios'
import { SCENARIO_WORDS_EN } from './scenario-words'

export const labMessages = {
  title: 'Flow lab · Yuque OAuth Playground',
  heading: 'Flow lab',
  lede: 'Everything besides the happy path that an integration with Yuque must survive, one click each: shape an authorize request yourself, or run a flow with one thing gone wrong, and see what the service answers and what your app should do.',
  notAvailable: 'This server has no flow lab.',
  editor: {
    heading: 'Your own request',
    hint: 'Change any parameter and see beside it what will be sent. Run takes you to the service, which brings you back with the result.',
    client: 'Client',
    useOwnApp: 'Use your own app',
    scopes: 'Scopes',
    stateModes: {
      generated: 'Made by the proxy (256 random bits)',
      own: 'Your own',
      omitted: 'Not sent',
    } satisfies Record<StateMode, string>,
    ownState: 'Your state',
    redirectModes: {
      registered: 'As registered',
      changed: 'One character off',
    } satisfies Record<RedirectMode, string>,
    responseTypes: {
      code: 'code (authorization code)',
      token: 'token (implicit grant: must be refused)',
      other: 'Something else',
    } satisfies Record<ResponseTypeChoice, string>,
    otherResponseType: 'response_type to send',
    pkceModes: {
      plain: 'plain (the verifier in the clear)',
      off: 'Off',
    } satisfies Record<Exclude<PkceMode, 'S256'>, string>,
    afterReturn: 'After the return',
    afterReturns: {
      none: 'Check it, exchange the code once',
      'tamper-state': 'Change the state before checking it',
      'exchange-twice': 'Exchange the code twice',
      'call-api': 'Exchange, then call the API',
    } satisfies Record<AfterReturn, string>,
    run: 'Run',
    starting: 'Starting…',
    problems: {
      ownState: { required: 'Enter a state.', too_long: '512 characters at most.' },
      responseType: { required: 'Enter a response_type.', too_long: '32 characters at most.' },
    } satisfies Record<EditorField, Record<EditorProblem, string>>,
    /** A 400 naming a field: the proxy's own words (English), marked as such. */
    refused: (p: { message: ReactNode }) => <>The server refused the request: {p.message}</>,
    refusedHere: 'Refused by the server (see below): change it, then Run again.',
  },
  preview: {
    placeholders: {
      state: '‹made by the proxy when you press Run›',
      plainChallenge: '‹the verifier itself›',
    },
    /** What a changed parameter does, in place of the connect page's note. */
    changed: {
      state: 'yours: the proxy checks the return against it',
      redirect_uri: 'not the registered one: must be refused',
      response_type: 'not code: must be refused (RFC 9700 §2.1.2)',
      code_challenge: 'the verifier itself: whoever sees it can redeem the code',
      code_challenge_method: 'should be refused (RFC 9700 §2.1.1)',
      noState: 'No state: the return cannot be tied to this browser (RFC 6749 §10.12).',
      noPkce: 'No PKCE: only state ties the code to this login.',
    },
  },
  presets: {
    loaded: (p: { title: string }) => `Loaded: “${p.title}”.`,
    approve: 'Run it and approve at the service.',
    deny: 'Run it, then click Deny at the service.',
    errorPage:
      'Run it: the service shows its own error page and never comes back; return with Back.',
  },
  scenarios: {
    heading: 'Scenarios',
    emulator: (p: { profile: string }) =>
      `The proxy runs each whole against the embedded emulator (${p.profile}).`,
    profiles: {
      seed: 'as specified',
      observed: 'as the real service behaves',
    } satisfies Record<LabProfile, string>,
    realService:
      'A real service cannot be made to fail on demand: what a client can cause itself is offered as a preset of the editor.',
    groups: {
      authorization: 'Authorization',
      exchange: 'Code exchange',
      tokens: 'Tokens and the API',
      'token-endpoint': 'The token endpoint failing',
      'client-code': 'Client code (the no-server flow)',
      requests: 'Requests',
    } satisfies Record<ScenarioGroupId, string>,
    run: 'Run',
    runAgain: 'Run again',
    running: 'Running…',
    waiting: 'Waiting for the run under way…',
    loadPreset: 'Load into the editor',
    why: {
      'lab-off': 'The lab is off on this server.',
      'emulator-unavailable':
        'The embedded emulator’s test control did not answer: try again later.',
      'test-control':
        'Needs the embedded emulator’s test control: a real service cannot be made to fail on demand.',
      preset: 'Against a real service, run it from the editor:',
      'not-in-editor':
        'The editor shapes the authorize request only; this one changes the exchange.',
      'client-code': 'Needs a client-code app: this server has none.',
      other: 'This server does not offer it.',
    },
    whyOther: (p: { reason: string }) => `This server does not offer it (${p.reason}).`,
  },
  result: {
    passed: 'As expected',
    failed: 'Not as expected',
    took: (p: { ms: string }) => `${p.ms} ms`,
    exchanged: 'A token was obtained: the proxy kept it, then dropped it.',
    notExchanged: 'No token was obtained.',
    runFailed: 'The run did not complete',
  },
  scenarioWords: SCENARIO_WORDS_EN,
  runAll: {
    heading: 'Run all',
    hint: 'One after another: they share the emulator’s clock.',
    stop: 'Stop',
    stopping: 'Stopping once the scenario under way has answered…',
    progress: (p: { n: number; of: number; title: string }) =>
      `Running ${p.n} of ${p.of}: ${p.title}`,
    columns: {
      scenario: 'Scenario',
      outcome: 'Outcome',
      expectedIs: 'Expected: ',
      actualIs: 'Actual: ',
    },
    verdictIs: (p: { verdict: string }) => `${p.verdict}: `,
    error: 'did not run',
    summary: (p: { passed: number; of: number }) => `${p.passed} of ${p.of} as expected.`,
    stoppedAfter: (p: { done: number; of: number; passed: number }) =>
      `Stopped after ${p.done} of ${p.of}: ${p.passed} as expected.`,
  },
  announce: {
    result: (p: { title: string; verdict: string }) => `${p.title}: ${p.verdict}.`,
  },
  callback: {
    title: 'Flow lab: the return · Yuque OAuth Playground',
    heading: 'Your request came back',
    finishing: 'Checking the return and exchanging the code…',
    nothing: 'There is no run to finish here: its query was used and taken out of the address.',
    backToLab: 'Back to the lab',
  },
}
