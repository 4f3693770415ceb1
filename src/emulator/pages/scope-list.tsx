/** @jsxImportSource hono/jsx */
/** The scope checkbox list: one component wherever a user ticks scopes (consent, personal tokens). */
import type { ScopeInfo } from '../../protocol/scopes'
import type { EmulatorMessages } from './messages'

export function ScopeCheckboxes(props: {
  m: EmulatorMessages
  scopes: readonly ScopeInfo[]
  checked: boolean
}) {
  return (
    <ul class="scopes">
      {props.scopes.map((scope) => (
        <li>
          <label>
            <input type="checkbox" name="scope" value={scope.name} checked={props.checked} />
            <span>
              <code>{scope.name}</code>
              <br />
              <span class="muted">{props.m.scopes.meaning[scope.name] ?? scope.meaning}</span>
            </span>
          </label>
        </li>
      ))}
    </ul>
  )
}
