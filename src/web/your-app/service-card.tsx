/**
 * Where the app (or the token) belongs: the services the server offers, one radio each (each of
 * the operator's hosts apart), the enterprise space's label with the origin it makes, previewed
 * as it is typed. Its refusal shows once the field was left or a form sent, then follows the
 * typing (app-form-state.ts checkService, the proxy's rule).
 */
import { useId } from 'react'
import type { OfferedService, ServiceKind } from '../../protocol/your-app-api'
import { useMessages } from '../i18n/use-messages'
import { originPreview, type FieldProblems, type ServiceDraft } from './app-form-state'
import { describeFieldProblem } from './field-errors'
import { TextField, fieldId } from './fields'
import { yourAppMessages } from './messages'

const optionKey = (service: OfferedService) =>
  service.kind === 'host' ? `host:${service.host}` : service.kind

function isChosen(draft: ServiceDraft, service: OfferedService): boolean {
  return service.kind === 'host'
    ? draft.kind === 'host' && draft.host === service.host
    : draft.kind === service.kind
}

export function ServiceCard({
  idBase,
  services,
  draft,
  onChange,
  problems,
  onSpaceBlur,
}: {
  idBase: string
  services: readonly OfferedService[]
  draft: ServiceDraft
  onChange: (draft: ServiceDraft) => void
  /** The service's refused fields (`service`, `service.kind`, `service.space`, `service.host`). */
  problems: FieldProblems
  onSpaceBlur: () => void
}) {
  const m = useMessages('yourApp', yourAppMessages)
  const headingId = useId()
  const groupErrorId = useId()
  const preview = originPreview(draft, services, m.spacePlaceholder)
  const groupProblem = (['service', 'service.kind', 'service.host'] as const).find((path) =>
    Object.hasOwn(problems, path),
  )
  const spaceProblem = problems['service.space']
  const firstChosen = services.findIndex((service) => isChosen(draft, service))
  const choose = (kind: ServiceKind, host?: string) =>
    onChange({ ...draft, kind, ...(host === undefined ? {} : { host }) })

  return (
    <section className="card app-form" aria-labelledby={headingId}>
      <h2 id={headingId}>{m.serviceHeading}</h2>
      <fieldset
        className="app-choices"
        aria-describedby={groupProblem === undefined ? undefined : groupErrorId}
      >
        <legend>{m.serviceLegend}</legend>
        {services.map((service, index) => (
          <label key={optionKey(service)}>
            <input
              // The first field of the service: focused when the choice itself is refused.
              id={index === Math.max(firstChosen, 0) ? fieldId(idBase, 'service') : undefined}
              type="radio"
              name={`${idBase}service`}
              checked={isChosen(draft, service)}
              onChange={() =>
                choose(service.kind, service.kind === 'host' ? service.host : undefined)
              }
            />
            <span>
              {service.kind === 'host' ? (
                <span className="mono">{service.host}</span>
              ) : (
                m.kinds[service.kind]
              )}
              <span className="field-hint"> · {m.kindHints[service.kind]}</span>
            </span>
          </label>
        ))}
        {groupProblem !== undefined && (
          <p id={groupErrorId} className="field-error">
            {describeFieldProblem(m, groupProblem, problems[groupProblem] ?? '')}
          </p>
        )}
      </fieldset>
      {draft.kind === 'space' && (
        <TextField
          id={fieldId(idBase, 'service.space')}
          label={m.spaceLabel}
          value={draft.space}
          onChange={(space) => onChange({ ...draft, space })}
          onBlur={onSpaceBlur}
          hint={m.spaceHint}
          placeholder="mycorp"
          error={
            spaceProblem === undefined
              ? null
              : describeFieldProblem(m, 'service.space', spaceProblem)
          }
        />
      )}
      <p>
        <span className="muted">{m.originLabel}</span>{' '}
        <code className={preview.isPlaceholder ? 'muted' : undefined}>
          {preview.origin ?? m.originEmulator}
        </code>
        {draft.kind === 'emulator' && preview.origin !== null && (
          <span className="field-hint"> ({m.originEmulator})</span>
        )}
      </p>
      {preview.isEmulated && <p className="field-hint">{m.emulatedNote}</p>}
    </section>
  )
}
