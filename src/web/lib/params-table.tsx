import { useMessages } from '../i18n/use-messages'
import { commonMessages } from './messages'

export interface ParamRow {
  name: string
  value: string
  note?: string | undefined
}

/** A request's parameters as the wire carries them, each with what it is for. */
export function ParamsTable({ caption, rows }: { caption: string; rows: readonly ParamRow[] }) {
  const m = useMessages('common', commonMessages).params
  return (
    <table className="params">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{m.parameter}</th>
          <th scope="col">{m.value}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row" className="mono">
              {row.name}
            </th>
            <td>
              <code className="param-value">{row.value || m.empty}</code>
              {row.note !== undefined && <span className="param-note">{row.note}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
