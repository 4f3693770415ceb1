/**
 * The snippets of one request as tabs, one per language (WAI-ARIA APG, Tabs: a tablist with
 * automatic activation; Left and Right move between tabs, Home and End go to the ends; one tab
 * stop), each panel with its code and a copy button. The comments in the code are in the reader's
 * language.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useMessages } from '../../i18n/use-messages'
import { CopyButton } from './copy-button'
import { snippetMessages } from './snippet-messages'
import {
  SNIPPET_LANGUAGES,
  snippetFor,
  type SnippetLanguage,
  type SnippetRequest,
} from './snippets'
import './snippets.css'

const STEPS: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
}

export function SnippetTabs({ request }: { request: SnippetRequest }) {
  const m = useMessages('snippets', snippetMessages)
  const [active, setActive] = useState<SnippetLanguage>('curl')
  const tabs = useRef(new Map<SnippetLanguage, HTMLButtonElement>())
  const id = useId()

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEPS[event.key]
    if (step === undefined) return
    event.preventDefault()
    const next =
      SNIPPET_LANGUAGES[step(SNIPPET_LANGUAGES.indexOf(active), SNIPPET_LANGUAGES.length)]
    if (next === undefined) return
    setActive(next)
    tabs.current.get(next)?.focus()
  }

  return (
    <div className="snippet-tabs">
      <div
        role="tablist"
        aria-label={m.languages}
        className="snippet-tablist"
        onKeyDown={onKeyDown}
      >
        {SNIPPET_LANGUAGES.map((language) => (
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
      {SNIPPET_LANGUAGES.map((language) => {
        const code = snippetFor(language, request, m.comments)
        return (
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
        )
      })}
    </div>
  )
}
