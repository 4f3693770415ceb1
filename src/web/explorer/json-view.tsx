/**
 * A JSON value as a tree of native disclosure widgets (<details>: keyboard and screen readers for
 * free), or as its text (Raw). The tree opens the root and its named branches; an item of a list
 * stays closed, named in its summary (`[0] {…} API Handbook`). Expand all, Collapse all, a search
 * that opens what holds a match and says when nothing does, and a picked row's path and value to
 * copy. Rows are at least 24 px high (WCAG 2.2 SC 2.5.8, e2e/explorer-response.spec.ts).
 */
import { useId, useState, type ReactNode } from 'react'
import { formatNumber } from '../i18n/format'
import { useLocale, useMessages } from '../i18n/use-messages'
import { CopyButton } from '../lib/snippets/copy-button'
import { responseMessages } from './response-messages'
import {
  allBranches,
  childrenOf,
  copyText,
  defaultOpen,
  isBranch,
  itemName,
  leafText,
  pathKey,
  pathText,
  search,
  type JsonPath,
} from './response-tree'

/** What the form may render beside each leaf, e.g. "Use as book_id". */
export type LeafAction = (path: JsonPath, value: unknown) => ReactNode

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

interface TreeContext {
  needle: string
  open: ReadonlySet<string>
  setOpen: (key: string, isOpen: boolean) => void
  picked: string | null
  pick: (path: JsonPath) => void
  leafAction: LeafAction | undefined
  count: (kind: 'items' | 'keys', count: number) => string
}

function Key({ name, needle }: { name: string | number | null; needle: string }) {
  if (name === null) return null
  return (
    <span className="json-key">
      {typeof name === 'number' ? (
        `[${name}]`
      ) : (
        <Marked text={JSON.stringify(name)} needle={needle} />
      )}
      {typeof name === 'number' ? ' ' : ': '}
    </span>
  )
}

function Node({
  name,
  path,
  value,
  tree,
}: {
  name: string | number | null
  path: JsonPath
  value: unknown
  tree: TreeContext
}) {
  const key = pathKey(path)
  if (!isBranch(value)) {
    const kind = value === null ? 'null' : typeof value
    return (
      <li className="json-leaf">
        <button
          type="button"
          className="json-row json-pick"
          aria-pressed={tree.picked === key}
          onClick={() => tree.pick(path)}
        >
          <Key name={name} needle={tree.needle} />
          <span className={`json-${kind}`}>
            <Marked text={leafText(value)} needle={tree.needle} />
          </span>
        </button>
        {tree.leafAction !== undefined && (
          <span className="json-leaf-action">{tree.leafAction(path, value)}</span>
        )}
      </li>
    )
  }
  const children = childrenOf(value)
  const isArray = Array.isArray(value)
  const title = itemName(value)
  return (
    <li>
      <details
        open={tree.open.has(key)}
        onToggle={(event) => tree.setOpen(key, event.currentTarget.open)}
      >
        <summary
          className={tree.picked === key ? 'json-row json-picked' : 'json-row'}
          onFocus={() => path.length > 0 && tree.pick(path)}
        >
          <Key name={name} needle={tree.needle} />
          <span className="json-brace">{isArray ? '[…]' : '{…}'}</span>{' '}
          {title !== undefined && (
            <span className="json-title">
              <Marked text={title} needle={tree.needle} />{' '}
            </span>
          )}
          <span className="muted">{tree.count(isArray ? 'items' : 'keys', children.length)}</span>
        </summary>
        <ul className="json-tree">
          {children.map(([childName, child]) => (
            <Node
              key={childName}
              name={childName}
              path={[...path, childName]}
              value={child}
              tree={tree}
            />
          ))}
        </ul>
      </details>
    </li>
  )
}

/** The value at `path` of `value`. */
function valueAt(value: unknown, path: JsonPath): unknown {
  return path.reduce<unknown>(
    (node, part) => (isBranch(node) ? (node as Record<string, unknown>)[part] : undefined),
    value,
  )
}

export function JsonView({
  value,
  label,
  leafAction,
}: {
  value: unknown
  label: string
  leafAction?: LeafAction | undefined
}) {
  const m = useMessages('response', responseMessages)
  const locale = useLocale()
  const [view, setView] = useState<'tree' | 'raw'>('tree')
  const [query, setQuery] = useState('')
  const [open, setOpenSet] = useState<ReadonlySet<string>>(() => defaultOpen(value))
  const [picked, setPicked] = useState<JsonPath | null>(null)
  const searchId = useId()
  const needle = query.trim().toLowerCase()
  const found = search(value, needle)

  const onSearch = (text: string) => {
    setQuery(text)
    const next = search(value, text.trim().toLowerCase())
    // A search opens what holds a match, beside what was open; clearing it keeps the tree as is.
    if (next.open.size > 0) setOpenSet((before) => new Set([...before, ...next.open]))
  }
  const tree: TreeContext = {
    needle,
    open,
    setOpen: (key, isOpen) =>
      setOpenSet((before) => {
        if (before.has(key) === isOpen) return before
        const next = new Set(before)
        if (isOpen) next.add(key)
        else next.delete(key)
        return next
      }),
    picked: picked === null ? null : pathKey(picked),
    pick: setPicked,
    leafAction,
    count: (kind, count) => m[kind]({ count, shown: formatNumber(locale, count) }),
  }
  const raw = copyText(value)
  const pickedText = picked === null ? '' : pathText(picked)

  return (
    <div className="json-view">
      <div className="json-toolbar">
        <div role="group" aria-label={m.views} className="json-views">
          {(['tree', 'raw'] as const).map((name) => (
            <button
              key={name}
              type="button"
              className="btn btn-small"
              aria-pressed={view === name}
              onClick={() => setView(name)}
            >
              {m[name]}
            </button>
          ))}
        </div>
        {view === 'tree' && isBranch(value) && (
          <>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setOpenSet(allBranches(value))}
            >
              {m.expandAll}
            </button>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setOpenSet(new Set([pathKey([])]))}
            >
              {m.collapseAll}
            </button>
          </>
        )}
        <CopyButton label={m.copyBody} text={raw} />
      </div>
      {view === 'raw' ? (
        <pre className="json-root json-raw mono" tabIndex={0} aria-label={m.rawLabel}>
          {raw}
        </pre>
      ) : (
        <>
          <div className="json-find">
            <label htmlFor={searchId} className="visually-hidden">
              {m.searchLabel}
            </label>
            <input
              id={searchId}
              type="search"
              className="input json-search"
              placeholder={m.searchPlaceholder}
              value={query}
              onChange={(event) => onSearch(event.target.value)}
            />
            <span aria-live="polite" className="muted">
              {needle === ''
                ? ''
                : found.matches === 0
                  ? m.noMatch({ search: query.trim() })
                  : m.matches({
                      count: found.matches,
                      shown: formatNumber(locale, found.matches),
                    })}
            </span>
          </div>
          {/* Always there, its buttons disabled until a row is picked: nothing moves. */}
          <div className="json-pathbar">
            <span className="muted">{m.selectedPath}</span>
            {picked === null ? (
              <span className="json-path muted">{m.pickRow}</span>
            ) : (
              <code className="json-path">{pickedText}</code>
            )}
            <CopyButton label={m.copyPath} text={pickedText} disabled={picked === null} />
            <CopyButton
              label={m.copyValue}
              text={() => copyText(valueAt(value, picked ?? []))}
              disabled={picked === null}
            />
          </div>
          <ul className="json-tree json-root mono" aria-label={label}>
            <Node name={null} path={[]} value={value} tree={tree} />
          </ul>
        </>
      )}
    </div>
  )
}
