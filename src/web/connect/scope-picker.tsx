/**
 * The scopes to ask for, in the connect page's groups, each named by itself and described by its
 * meaning: the connect page's picker, and the flow lab's editor's (src/web/lab/), one component.
 */
import { useMessages } from '../i18n/use-messages'
import { connectMessages } from './messages'
import { SCOPE_GROUPS, type SelectionPreview } from './scope-selection'
import './connect-page.css'

type ConnectMessages = typeof connectMessages

export function meaningOf(m: ConnectMessages, scope: string): string {
  return m.scopeMeanings[scope] ?? scope
}

export function ScopePicker({
  selected,
  preview,
  onToggle,
}: {
  selected: readonly string[]
  preview: SelectionPreview
  onToggle: (scope: string, isChecked: boolean) => void
}) {
  const m = useMessages('connect', connectMessages)
  return (
    <div className="scope-groups">
      {SCOPE_GROUPS.map((group) => (
        <fieldset key={group.id} className="scope-group">
          <legend>{m.groups[group.id].title}</legend>
          <p className="field-hint">{m.groups[group.id].hint}</p>
          <ul className="scope-list">
            {group.scopes.map((scope) => {
              const dropped = preview.dropped.find((entry) => entry.scope === scope.name)
              return (
                <li key={scope.name}>
                  {/* Named by the scope itself, described by its meaning and notes. */}
                  <label className="scope-option">
                    <input
                      type="checkbox"
                      checked={selected.includes(scope.name)}
                      onChange={(event) => onToggle(scope.name, event.target.checked)}
                      aria-labelledby={`scope-${scope.name}`}
                      aria-describedby={`scope-${scope.name}-meaning`}
                    />
                    <span className="scope-text">
                      <code className="scope-name" id={`scope-${scope.name}`}>
                        {scope.name}
                      </code>
                      <span className="scope-meaning" id={`scope-${scope.name}-meaning`}>
                        <span>{meaningOf(m, scope.name)}</span>
                        {dropped && (
                          <span className="scope-note">
                            {m.impliedBy({ scope: <code>{dropped.impliedBy}</code> })}
                          </span>
                        )}
                        {scope.needsApproval && (
                          <span className="scope-note scope-note-warning">{m.needsApproval}</span>
                        )}
                      </span>
                    </span>
                  </label>
                </li>
              )
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  )
}
