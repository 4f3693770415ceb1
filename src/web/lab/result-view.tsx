/**
 * What a run found, a scenario's (ScenarioResult) or the editor's (LabRunResult,
 * src/protocol/lab-api.ts): the verdict, expected beside actual in the protocol's own words
 * (marked English: they are status lines and error codes, the same in every language), the rule
 * with a link to its text, every check with its verdict and rule, and the raw HTTP as the flow
 * inspector draws it (src/web/inspector/step-detail.tsx), secrets already placeholders.
 * No live region here: the page announces each outcome once, in one line (lab-page.tsx).
 */
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { configQueries } from '../lib/config-queries'
import type { LabCheck, LabRunResult, ScenarioResult } from '../../protocol/lab-api'
import type { TraceStep } from '../../protocol/trace'
import { formatNumber } from '../i18n/format'
import { useLocale, useMessages } from '../i18n/use-messages'
import { StepDetail } from '../inspector/step-detail'
import { checkLabel } from './check-words'
import { scenarioLink, scenarioUrl } from './lab-link'
import { labMessages } from './messages'
import { labResultMessages } from './result-messages'
import { ruleHref } from './rules'
import type { FlowStep } from './take-home'
import { EDITOR_STEPS, SCENARIO_STEPS, scopeOfSteps } from './take-home-steps'
// The inspector's styles whole, as its panel loads them: one file for both, not two halves.
import '../inspector/inspector.css'
import '../inspector/sequence-diagram.css'

/** The heading level of the view's parts: on a page of their own, or under a scenario's card. */
type Level = 'h2' | 'h5'

/** A check's verdict as the inspector marks a step's outcome (its styles, inspector.css). */
const CHECK_OUTCOME: Record<LabCheck['verdict'], 'passed' | 'failed' | 'info'> = {
  pass: 'passed',
  fail: 'failed',
  skip: 'info',
}

/**
 * Code to take home: its own chunk, fetched when the reader opens it (the snippets of four
 * languages are most of its weight, and most readers of a result never open it). Shared with the
 * explorer's response view as one chunk, it had brought the snippets into the explorer page's
 * own first load (bench/bundle-budget.test.ts, the route budget).
 */
const TakeHome = lazy(() => import('./take-home').then((m) => ({ default: m.TakeHome })))

/** The code to take home for a result's steps, with the page's configuration once it is read. */
function LabTakeHome({ steps, scope }: { steps: readonly FlowStep[]; scope: string }) {
  const m = useMessages('labResult', labResultMessages)
  const config = useQuery(configQueries.playground())
  const [isOpen, setIsOpen] = useState(false)
  if (config.data === undefined) return null
  return (
    <details className="lab-take-home" onToggle={(event) => setIsOpen(event.currentTarget.open)}>
      <summary>{m.takeHome}</summary>
      {isOpen && (
        <Suspense fallback={<p className="busy">{m.loadingCode}</p>}>
          <TakeHome steps={steps} config={config.data} scope={scope} headingLevel={4} />
        </Suspense>
      )}
    </details>
  )
}

/** A rule as cited, linked to its text when it is an RFC's (rules.ts). */
export function RuleText({ rule }: { rule: string }) {
  const m = useMessages('labResult', labResultMessages)
  const href = ruleHref(rule)
  if (href === null) return <code>{rule}</code>
  return (
    <a href={href} target="_blank" rel="noreferrer">
      {rule}
      <span className="visually-hidden"> {m.opensNewTab}</span>
    </a>
  )
}

/** Each check the client made, with its verdict and rule, drawn as the inspector draws a step. */
function Checks({ checks, Heading }: { checks: readonly LabCheck[]; Heading: Level }) {
  const m = useMessages('labResult', labResultMessages)
  if (checks.length === 0) return null
  return (
    <>
      <Heading>{m.checks}</Heading>
      <ul className="stack">
        {checks.map((check, index) => (
          <li
            key={`${check.id}-${index}`}
            className={`insp-step insp-step-${CHECK_OUTCOME[check.verdict]}`}
          >
            <span className="insp-step-title">
              {/* A check without words yet shows its id, as the identifier it is. */}
              {checkLabel(m.checkWords, check.id) === check.id ? (
                <code>{check.id}</code>
              ) : (
                checkLabel(m.checkWords, check.id)
              )}
              <span className={`insp-outcome insp-outcome-${CHECK_OUTCOME[check.verdict]}`}>
                {m.verdicts[check.verdict]}
              </span>
            </span>
            <span className="insp-note">
              <RuleText rule={check.rule} />
              {Object.entries(check.values ?? {}).map(([name, value]) => (
                <span key={name}>
                  {' · '}
                  <code lang="en">
                    {name}={value}
                  </code>
                </span>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </>
  )
}

/**
 * The link to a scenario, to copy, and how the copy went in a polite live region beside it.
 * lib/snippets/copy-button.tsx does the same for the explorer; importing it here regrouped the
 * pages' shared chunks so that other pages downloaded the lab's share (the route budget,
 * bench/bundle-budget.test.ts), as src/web/your-app/fields.tsx (CopyField) found before.
 */
function CopyLink({ text }: { text: () => string }) {
  const m = useMessages('labResult', labResultMessages)
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const copy = () => {
    // Emptied first, so that a second copy is announced again.
    setState('idle')
    navigator.clipboard.writeText(text()).then(
      () => setState('copied'),
      () => setState('failed'),
    )
  }
  return (
    <>
      <button type="button" className="btn btn-small" onClick={copy}>
        {m.copyLink}
      </button>
      <span aria-live="polite" className={state === 'failed' ? 'field-error' : 'field-hint'}>
        {state === 'copied' ? m.copied : state === 'failed' ? m.copyFailed : ''}
      </span>
    </>
  )
}

function Steps({ steps }: { steps: readonly TraceStep[] }) {
  const m = useMessages('labResult', labResultMessages)
  if (steps.length === 0) return <p className="field-hint">{m.noSteps}</p>
  return (
    <details>
      <summary>{m.steps({ count: steps.length })}</summary>
      <p className="field-hint">{m.stepsHint}</p>
      {steps.map((step, index) => (
        <StepDetail key={`${step.kind}-${index}`} step={step} />
      ))}
    </details>
  )
}

/** Expected beside actual (below it on a phone), in the protocol's words as the proxy sent them. */
function Outcome({ expected, actual }: { expected: string | null; actual: string }) {
  const m = useMessages('labResult', labResultMessages)
  const part = (label: string, text: string) => (
    <p className="stack">
      <span className="preview-label">{label}</span>
      <code className="param-value" lang="en">
        {text}
      </code>
    </p>
  )
  return (
    <div className="connect-grid">
      {expected !== null && part(m.expected, expected)}
      {part(m.actual, actual)}
    </div>
  )
}

export function Verdict({ passed, children }: { passed: boolean; children?: ReactNode }) {
  const m = useMessages('lab', labMessages).result
  return (
    <p className={`notice ${passed ? 'notice-success' : 'notice-error'}`}>
      <span className="notice-title">
        <span aria-hidden="true">{passed ? '✓ ' : '✗ '}</span>
        {passed ? m.passed : m.failed}
      </span>
      {children}
    </p>
  )
}

export function ScenarioResultView({
  result,
  Heading = 'h5',
}: {
  result: ScenarioResult
  Heading?: Level
}) {
  const m = useMessages('lab', labMessages)
  const r = useMessages('labResult', labResultMessages)
  const locale = useLocale()
  return (
    <div className="stack">
      <Verdict passed={result.passed}>
        <span className="field-hint">
          {m.result.took({ ms: formatNumber(locale, result.durationMs) })}
          {result.profile !== null &&
            ` · ${r.profile({ profile: m.scenarios.profiles[result.profile] })}`}
        </span>
      </Verdict>
      <Outcome expected={result.expected} actual={result.actual} />
      <p>
        {r.rule}: <RuleText rule={result.rule} />
      </p>
      <Checks checks={result.checks} Heading={Heading} />
      <Steps steps={result.steps} />
      <Heading>{r.advice}</Heading>
      <p>{r.adviceFor[result.scenario]}</p>
      <p className="connect-actions">
        <Link to={scenarioLink(result.scenario)}>{r.link}</Link>
        <CopyLink text={() => scenarioUrl(window.location.origin, result.scenario)} />
      </p>
      <p className="field-hint">{r.linkHint}</p>
      <LabTakeHome steps={SCENARIO_STEPS[result.scenario]} scope={scopeOfSteps(result.steps)} />
    </div>
  )
}

/** The editor's run: what the proxy found on the return, and whether a token came of it. */
export function EditorResultView({ result }: { result: LabRunResult }) {
  const m = useMessages('lab', labMessages).result
  const failed = result.checks.some((check) => check.verdict === 'fail')
  return (
    <div className="stack">
      <p className={`notice ${failed ? 'notice-warning' : 'notice-success'}`}>
        {result.exchanged ? m.exchanged : m.notExchanged}
      </p>
      <Outcome expected={null} actual={result.actual} />
      <Checks checks={result.checks} Heading="h2" />
      <Steps steps={result.steps} />
      <LabTakeHome steps={EDITOR_STEPS} scope={scopeOfSteps(result.steps)} />
    </div>
  )
}
