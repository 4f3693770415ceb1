/**
 * Snippets as tabs, one per language (WAI-ARIA APG, Tabs: a tablist with automatic activation;
 * Left and Right move between tabs, Home and End go to the ends; one tab stop), each panel with
 * its code and a copy button: one API request's (the explorer: curl, JavaScript, the official
 * SDK where it has the call, Python, Go), or code given whole (a step of a flow, take-home.tsx).
 * The comments in the code are in the reader's language.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useMessages } from '../../i18n/use-messages'
import { CopyButton } from './copy-button'
import { requestSnippets } from './request-snippets'
import { snippetMessages } from './snippet-messages'
import type { SnippetRequest, SnippetTab, TabCode } from './snippets'
import '../page.css'

const STEPS: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
}

export function SnippetTabs(props: { request: SnippetRequest } | { snippets: readonly TabCode[] }) {
  const m = useMessages('snippets', snippetMessages)
  const [chosen, setActive] = useState<SnippetTab>('curl')
  const tabs = useRef(new Map<SnippetTab, HTMLButtonElement>())
  const id = useId()
  const snippets = 'request' in props ? requestSnippets(props.request, m.comments) : props.snippets
  const order = snippets.map((snippet) => snippet.tab)
  // The tab chosen for another request may not be here (the SDK has no such call): the first.
  const active = order.includes(chosen) ? chosen : (order[0] ?? 'curl')

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEPS[event.key]
    if (step === undefined) return
    event.preventDefault()
    const next = order[step(order.indexOf(active), order.length)]
    if (next === undefined) return
    setActive(next)
    tabs.current.get(next)?.focus()
  }

  return (
    // A column (.stack) whose row of tabs wraps on a phone (.chips, base.css).
    <div className="snippet-tabs stack">
      <div role="tablist" aria-label={m.languages} className="chips" onKeyDown={onKeyDown}>
        {order.map((language) => (
          <button
            key={language}
            ref={(element) => {
              if (element === null) tabs.current.delete(language)
              else tabs.current.set(language, element)
            }}
            type="button"
            role="tab"
            className="btn btn-small"
            id={`${id}-tab-${language}`}
            aria-selected={language === active}
            aria-controls={`${id}-panel-${language}`}
            tabIndex={language === active ? 0 : -1}
            onClick={() => setActive(language)}
          >
            {m.tabs[language]}
          </button>
        ))}
      </div>
      {snippets.map(({ tab: language, code }) => (
        <div
          key={language}
          role="tabpanel"
          id={`${id}-panel-${language}`}
          aria-labelledby={`${id}-tab-${language}`}
          hidden={language !== active}
          className="snippet-panel"
        >
          <p className="field-hint">{m.captions[language]}</p>
          {/* Focusable: it scrolls sideways, and a keyboard must be able to scroll it. */}
          <pre className="mono" tabIndex={0}>
            {code}
          </pre>
          <CopyButton label={m.copy({ language: m.tabs[language] })} text={code} />
        </div>
      ))}
    </div>
  )
}
