/**
 * Beside a leaf of the response tree (ResponseView's `leafAction`): "Use as book_id" on a
 * repository's id, "Use as id" on a document's, "Use as login" on a user's. One press keeps the
 * value for the next form with such a parameter (chain.ts `pick`); that form opens filled.
 */
import { useSyncExternalStore, type ReactNode } from 'react'
import { useMessages } from '../i18n/use-messages'
import { chainStore, labelIn, leafKind, pick, pickedValues, PARAM_OF } from './chain'
import { explorerMessages } from './messages'

type Path = readonly (string | number)[]

/** The value at `path` below `root` (the response body), or undefined. */
function valueAt(root: unknown, path: Path): unknown {
  let value = root
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined
    value = (value as Record<string | number, unknown>)[key]
  }
  return value
}

function UseAs({
  parent,
  leafKey,
  value,
}: {
  parent: unknown
  leafKey: string | number
  value: string
}) {
  const m = useMessages('explorer', explorerMessages)
  useSyncExternalStore(chainStore.subscribe, chainStore.version, chainStore.version)
  const kind = leafKind(parent, leafKey)
  if (kind === null) return null
  const param = PARAM_OF[kind]
  const isPicked = pickedValues()[kind]?.value === value
  return (
    <button
      type="button"
      className="btn btn-small explorer-use"
      aria-pressed={isPicked}
      onClick={() => pick(kind, { value, label: labelIn(parent) })}
    >
      {isPicked ? m.pickedAs({ param }) : m.useAs({ param })}
    </button>
  )
}

/** The `leafAction` for a response whose body is `body`. */
export function leafActionFor(body: unknown) {
  return (path: Path, value: unknown): ReactNode => {
    if (typeof value !== 'string' && typeof value !== 'number') return null
    const key = path[path.length - 1]
    if (key === undefined) return null
    const parent = valueAt(body, path.slice(0, -1))
    if (leafKind(parent, key) === null) return null
    return <UseAs parent={parent} leafKey={key} value={String(value)} />
  }
}
