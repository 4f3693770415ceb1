/**
 * The labResult namespace's English messages: what only a result's view says (result-view.tsx,
 * a chunk that loads with the first result, as the explorer's response-messages.ts does), the
 * advice and the checks' words with it. src/web/i18n/catalog.ts says how to write them.
 */
import { CHECK_WORDS_EN } from './check-words'
import { SCENARIO_ADVICE_EN } from './scenario-advice'

export const labResultMessages = {
  profile: (p: { profile: string }) => `Emulator: ${p.profile}`,
  expected: 'Expected',
  actual: 'Actual',
  rule: 'Rule',
  opensNewTab: '(opens in a new tab)',
  checks: 'Checks',
  verdicts: { pass: 'passed', fail: 'failed', skip: 'not checked' },
  steps: (p: { count: number }) =>
    p.count === 1 ? 'Raw HTTP: 1 call' : `Raw HTTP: ${p.count} calls`,
  stepsHint: 'Codes, tokens, secrets and verifiers are placeholders: they never reach this page.',
  noSteps: 'No call was made to the service.',
  advice: 'What your app should do',
  takeHome: 'Code to take home',
  loadingCode: 'Loading the code…',
  adviceFor: SCENARIO_ADVICE_EN,
  checkWords: CHECK_WORDS_EN,
  link: 'Link to this result',
  linkHint: 'It opens this scenario; it runs nothing.',
  copyLink: 'Copy link',
  copied: 'Copied.',
  copyFailed: 'The browser refused the clipboard: copy the link by hand.',
}
