/**
 * A JSON value as a tree of native disclosure widgets (<details>: keyboard and screen readers
 * for free), with a search box: branches holding a match open, matches are marked.
 */
import { useId, useState, type ReactNode } from 'react'
import { useMessages } from '../i18n/use-messages'
import { explorerMessages } from './messages'

const contains = (value: unknown, needle: string): boolean => {
  if (needle === '') return false
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(
      ([key, item]) => key.toLowerCase().includes(needle) || contains(item, needle),
    )
  }
  return String(value).toLowerCase().includes(needle)
}

function Marked({ text, needle }: { text: string; needle: string }) {
  const at = needle === '' ? -1 : text.toLowerCase().indexOf(needle)
  if (at < 0) return <>{text}</>
  return (
    <>
      {text.slice(0, at)}
      <mark>{text.slice(at, at + needle.length)}</mark>
      {text.slice(at + needle.length)}
    </>
  )
}

function Leaf({ value, needle }: { value: unknown; needle: string }) {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value)
  const kind = value === null ? 'null' : typeof value
  return (
    <span className={`json-${kind}`}>
      <Marked text={text} needle={needle} />
    </span>
  )
}

function Node({
  name,
  value,
  needle,
  depth,
}: {
  name: ReactNode
  value: unknown
  needle: string
  depth: number
}) {
  if (value === null || typeof value !== 'object') {
    return (
      <li>
        {name}
        <Leaf value={value} needle={needle} />
      </li>
    )
  }
  const entries = Object.entries(value)
  const isArray = Array.isArray(value)
  const summary = isArray ? `[${entries.length}]` : `{${entries.length}}`
  // Open near the top, and wherever the search found something below.
  const isOpen = needle === '' ? depth < 2 : contains(value, needle)
  return (
    <li>
      <details open={isOpen} key={`${needle}-${String(isOpen)}`}>
        <summary>
          {name}
          <span className="muted">{summary}</span>
        </summary>
        <ul className="json-tree">
          {entries.map(([key, item]) => (
            <Node
              key={key}
              name={
                <span className="json-key">
                  <Marked text={isArray ? key : JSON.stringify(key)} needle={needle} />:{' '}
                </span>
              }
              value={item}
              needle={needle}
              depth={depth + 1}
            />
          ))}
        </ul>
      </details>
    </li>
  )
}

export function JsonView({ value, label }: { value: unknown; label: string }) {
  const m = useMessages('explorer', explorerMessages)
  const [search, setSearch] = useState('')
  const searchId = useId()
  const needle = search.trim().toLowerCase()
  return (
    <div className="json-view">
      <label htmlFor={searchId} className="visually-hidden">
        {m.searchLabel({ label })}
      </label>
      <input
        id={searchId}
        type="search"
        className="input json-search"
        placeholder={m.searchPlaceholder}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <ul className="json-tree json-root" aria-label={label}>
        <Node name={null} value={value} needle={needle} depth={0} />
      </ul>
    </div>
  )
}
