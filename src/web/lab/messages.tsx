/** The lab namespace's English messages (src/web/i18n/catalog.ts says how to write them). */
import type { ReactNode } from 'react'
import type { LabProfile } from '../../protocol/lab-api'
import { CHECK_WORDS_EN } from './check-words'
import type {
  AfterReturn,
  PkceMode,
  RedirectMode,
  ResponseTypeChoice,
  StateMode,
} from './editor-draft'
import type { EditorField, EditorProblem } from './editor-draft'
import type { PresetId, ScenarioGroupId } from './scenarios'
import { SCENARIO_WORDS_EN } from './scenario-words'

export const labMessages = {
  title: 'Flow lab · Yuque OAuth Playground',
  heading: 'Flow lab',
  lede: 'Everything else an integration with Yuque must survive, one click each: shape an authorize request yourself, or run a flow with one thing gone wrong, and see what the service answers and what your app should do.',
  loading: 'Loading the lab…',
  notAvailable: 'The flow lab is not available on this server',
  notAvailableDetail:
    'This server does not answer the lab’s requests (GET /auth/lab): it may be older than the lab. The other pages work as before.',
  editor: {
    heading: 'Your own request',
    hint: 'Change any parameter: the table beside it shows what will be sent. Run takes you to the service’s authorize page, and the service brings you back here with the result.',
    client: 'Client',
    clientHint: 'The app the proxy connects through: the operator’s, or yours.',
    useOwnApp: 'Use your own app',
    scopes: 'Scopes',
    state: 'state',
    stateModes: {
      generated: 'Made by the proxy (256 random bits)',
      own: 'Your own',
      omitted: 'Not sent',
    } satisfies Record<StateMode, string>,
    ownState: 'Your state',
    ownStateHint: 'Sent as typed; the proxy checks the return against it.',
    redirect: 'redirect_uri',
    redirectModes: {
      registered: 'As registered',
      changed: 'One character off',
    } satisfies Record<RedirectMode, string>,
    responseType: 'response_type',
    responseTypes: {
      code: 'code (the authorization code flow)',
      token: 'token (the implicit grant, which the service must refuse)',
      other: 'Something else',
    } satisfies Record<ResponseTypeChoice, string>,
    otherResponseType: 'response_type to send',
    pkce: 'PKCE',
    pkceModes: {
      S256: 'S256',
      plain: 'plain (the verifier itself, in the clear)',
      off: 'Off',
    } satisfies Record<PkceMode, string>,
    afterReturn: 'After the return',
    afterReturns: {
      none: 'Check it and exchange the code once',
      'tamper-state': 'Change the state before checking it',
      'exchange-twice': 'Exchange the code twice',
      'call-api': 'Exchange, then call the API with the token',
    } satisfies Record<AfterReturn, string>,
    run: 'Run',
    starting: 'Starting…',
    redirecting: 'Opening the service’s authorize page…',
    problems: {
      ownState: {
        required: 'Enter a state, or choose another way to send it.',
        too_long: 'A state of 512 characters at most.',
      },
      responseType: {
        required: 'Enter the response_type to send.',
        too_long: 'A response_type of 32 characters at most.',
      },
    } satisfies Record<EditorField, Record<EditorProblem, string>>,
    /** A 400 naming a field: the proxy's own words (English), marked as such. */
    refused: (p: { message: ReactNode }) => <>The server refused this: {p.message}</>,
    refusedTitle: 'The server refused the request',
    fieldNames: {
      scopes: 'Scopes',
      stateMode: 'state',
      ownState: 'Your state',
      redirect: 'redirect_uri',
      responseType: 'response_type',
      pkce: 'PKCE',
      afterReturn: 'After the return',
    },
    refusedField: (p: { field: string }) =>
      `Correct ${p.field} (marked above), then press Run again.`,
  },
  preview: {
    heading: 'What will be sent',
    caption: 'Authorize request parameters',
    urlLabel: 'GET',
    placeholders: {
      state: '‹made by the proxy when you press Run›',
      codeChallenge: '‹S256 hash of a verifier the proxy keeps›',
      plainChallenge: '‹the verifier itself, made by the proxy›',
    },
    /** What a changed parameter does, in place of the connect page's note. */
    changed: {
      state: 'your own value: the proxy checks the return against it',
      redirect_uri: 'one character off the registration: the service must refuse it',
      response_type: 'not code: the service must refuse it (RFC 9700 §2.1.2)',
      code_challenge: 'the verifier itself: anyone who sees the request can redeem the code',
      code_challenge_method: 'plain: the service should refuse it (RFC 9700 §2.1.1)',
      noState: 'No state: the return cannot be tied to this browser (RFC 6749 §10.12).',
      noPkce: 'No PKCE: nothing binds the code to this login but state.',
    },
  },
  presets: {
    loaded: (p: { title: string }) => `Loaded into the editor: “${p.title}”.`,
    then: {
      'consent-denied': 'Run it, then click Deny at the service.',
      'state-tampered':
        'Run it and approve: the proxy changes the state before it checks the return.',
      'state-missing': 'Run it and approve: the request carries no state.',
      'code-reused': 'Run it and approve: the proxy exchanges the code, then sends it again.',
      'redirect-uri-authorize':
        'Run it: the service should show its own error page and never come back here. Use Back to return.',
      'scope-missing':
        'Run it with the scopes left out and approve: the proxy calls an API that needs one.',
    } satisfies Record<PresetId, string>,
  },
  scenarios: {
    heading: 'Scenarios',
    emulator: (p: { profile: string }) =>
      `Each runs a whole flow in the proxy, against the embedded emulator (${p.profile}), with one thing changed.`,
    profiles: {
      seed: 'as the specification describes the service',
      observed: 'as the real service behaves',
    } satisfies Record<LabProfile, string>,
    realService:
      'The service is a real one: it cannot be made to fail on demand, so only what a client can cause itself is offered, as a preset of the editor above.',
    labOff: 'The lab is off on this server: its scenarios cannot run here.',
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
      'test-control':
        'Needs the embedded emulator’s test control: a real service cannot be made to fail on demand.',
      preset: 'Against a real service, run it from the editor:',
      'not-in-editor':
        'The editor shapes the authorize request only; this one changes the exchange, which only a run against the emulator does.',
      'client-code': 'Needs a client-code app: this server has none configured.',
      other: 'This server does not offer it.',
    },
    whyOther: (p: { reason: string }) => `This server does not offer it (${p.reason}).`,
    advice: 'What your app should do',
    link: 'Link to this scenario',
    copyLink: 'Copy link',
    linkHint: 'Opens this scenario here; it does not run it.',
  },
  result: {
    passed: 'As expected',
    failed: 'Not as expected',
    took: (p: { ms: string }) => `${p.ms} ms`,
    profile: (p: { profile: string }) => `Emulator: ${p.profile}`,
    expected: 'Expected',
    actual: 'Actual',
    rule: 'Rule',
    opensNewTab: '(opens in a new tab)',
    checks: 'Checks',
    steps: (p: { count: number }) =>
      p.count === 1 ? 'Raw HTTP: 1 call' : `Raw HTTP: ${p.count} calls`,
    stepsHint: 'Codes, tokens, secrets and verifiers are placeholders: they never reach this page.',
    noSteps: 'No call was made to the service.',
    exchanged: 'A token was obtained: the proxy kept it, then dropped it.',
    notExchanged: 'No token was obtained.',
    runFailed: 'The run did not complete',
  },
  checkWords: CHECK_WORDS_EN,
  scenarioWords: SCENARIO_WORDS_EN,
  runAll: {
    heading: 'Run all',
    hint: 'One after another, never two at once: they share the emulator’s clock.',
    start: 'Run all',
    stop: 'Stop',
    stopping: 'Stopping once the scenario under way has answered…',
    progress: (p: { n: number; of: number; title: string }) =>
      `Running ${p.n} of ${p.of}: ${p.title}`,
    progressLabel: 'Scenarios run',
    caption: 'Verdicts of the last run',
    columns: {
      scenario: 'Scenario',
      expected: 'Expected',
      actual: 'Actual',
      verdict: 'Verdict',
      duration: 'Duration',
    },
    error: 'did not run',
    summary: (p: { passed: number; of: number }) => `${p.passed} of ${p.of} as expected.`,
    stoppedAfter: (p: { done: number; of: number }) => `Stopped after ${p.done} of ${p.of}.`,
  },
  announce: {
    result: (p: { title: string; verdict: string }) => `${p.title}: ${p.verdict}.`,
    error: (p: { title: string }) => `${p.title}: the run did not complete.`,
    runAllDone: (p: { summary: string }) => `Run all finished. ${p.summary}`,
  },
  callback: {
    title: 'Flow lab: the return · Yuque OAuth Playground',
    heading: 'Your request came back',
    lede: 'The proxy checks the return to the redirect URI, as a client should, and then does what you chose for after the return.',
    finishing: 'Checking the return and exchanging the code…',
    nothing: 'There is no run to finish here',
    nothingDetail:
      'This page finishes a run started in the lab’s editor. Its query was used and taken out of the address, so a reload does nothing.',
    result: 'What the proxy found',
    backToLab: 'Back to the lab',
  },
}
