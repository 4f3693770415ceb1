/**
 * `/app`, "Your app": this browser brings its own OAuth app (registered with Yuque, an
 * enterprise space, or a host the operator lists) or its own personal token, through
 * `/auth/app` (src/protocol/your-app-api.ts). The secret goes to the server once and never comes
 * back; the page holds the form, the server the rest. The service chosen at the top is shared by
 * both forms below it.
 */
import { useId, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { YourAppResponse } from '../../protocol/your-app-api'
import { useMessages } from '../i18n/use-messages'
import { ApiErrorNotice } from '../lib/api-error-notice'
import { LoadingStatus } from '../lib/loading-status'
import {
  checkService,
  firstFieldInError,
  initialService,
  type FieldPath,
  type FieldProblems,
} from './app-form-state'
import { AppCard, type AppOutcome } from './app-card'
import { isTurnedOff, pick } from './field-errors'
import { useFocusRequest } from './fields'
import { yourAppMessages } from './messages'
import { InUseNotice, TurnedOffNotice } from './notices'
import { ServiceCard } from './service-card'
import { TokenCard } from './token-card'
import { afterAppChange, forgetApp, saveApp, setSavedApp, yourAppQueries } from './your-app-queries'
import '../lib/page.css'
import './your-app-page.css'

const SERVICE_FIELDS: readonly FieldPath[] = [
  'service',
  'service.kind',
  'service.space',
  'service.host',
]

function YourAppForms({ data }: { data: YourAppResponse }) {
  const client = useQueryClient()
  const idBase = useId()
  const requestFocus = useFocusRequest(idBase)
  const [service, setService] = useState(() => initialService(data.current, data.services))
  // The space's refusal shows once its field was left or a form sent, then follows the typing.
  const [isServiceChecked, setIsServiceChecked] = useState(false)
  const [serviceRefusals, setServiceRefusals] = useState<FieldProblems>({})
  const [outcome, setOutcome] = useState<AppOutcome>(null)
  const serviceProblems = {
    ...serviceRefusals,
    ...(isServiceChecked ? checkService(service) : {}),
  }

  /** A form was refused: the service's fields say so in their card, focus goes to the first. */
  const refuse = (problems: FieldProblems): FieldProblems => {
    setIsServiceChecked(true)
    setServiceRefusals(pick(problems, SERVICE_FIELDS))
    const first = firstFieldInError(problems)
    if (first !== null) requestFocus(first)
    return Object.fromEntries(
      Object.entries(problems).filter(([path]) => !SERVICE_FIELDS.some((p) => p === path)),
    )
  }

  const save = useMutation({
    mutationFn: saveApp,
    onSuccess: (saved) => {
      // The request held the secret: nothing of it stays in the page.
      save.reset()
      setSavedApp(client, saved)
      setOutcome('saved')
      void afterAppChange(client)
    },
  })
  const forget = useMutation({
    mutationFn: forgetApp,
    onSuccess: () => {
      setSavedApp(client, null)
      setOutcome('forgotten')
      void afterAppChange(client)
    },
  })
  const saved = data.current

  return (
    <>
      {saved !== null && <InUseNotice saved={saved} forget={forget} isSaving={save.isPending} />}
      <ServiceCard
        idBase={idBase}
        services={data.services}
        draft={service}
        onChange={(draft) => {
          setService(draft)
          setServiceRefusals({})
        }}
        problems={serviceProblems}
        onSpaceBlur={() => setIsServiceChecked(true)}
      />
      <AppCard
        idBase={idBase}
        callbackUrl={data.callbackUrl}
        saved={saved?.app ?? null}
        service={service}
        refuse={refuse}
        save={save}
        forget={forget}
        outcome={outcome}
      />
      <TokenCard idBase={idBase} saved={saved} service={service} refuse={refuse} />
    </>
  )
}

export function YourAppPage() {
  const m = useMessages('yourApp', yourAppMessages)
  const query = useQuery(yourAppQueries.current())
  return (
    <div className="page page-narrow">
      <title>{m.title}</title>
      <header className="page-head">
        <h1>{m.heading}</h1>
        <p className="lede">{m.lede}</p>
      </header>
      {query.isPending ? (
        // The cards' room, kept while the settings load: nothing below them moves.
        <LoadingStatus label={m.loading} className="app-form">
          {[6, 9].map((lines) => (
            <div key={lines} className="card app-form">
              {Array.from({ length: lines }, (_, line) => (
                <span key={line} className="skeleton skeleton-line" />
              ))}
            </div>
          ))}
        </LoadingStatus>
      ) : query.isError ? (
        isTurnedOff(query.error) ? (
          <TurnedOffNotice />
        ) : (
          <ApiErrorNotice error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : query.data.enabled ? (
        <YourAppForms data={query.data} />
      ) : (
        <TurnedOffNotice />
      )}
    </div>
  )
}
