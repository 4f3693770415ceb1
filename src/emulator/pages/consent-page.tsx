/** @jsxImportSource hono/jsx */
/** The consent page and, for the client-code flow, the page that answers the decision. */
import type { ScopeInfo } from '../../protocol/scopes'
import type { SpaceOfRequest } from '../context'
import type { EmulatorMessages } from './messages'
import type { PageLocale } from './page-locale'
import { LangField } from './page-shell'
import { ScopeCheckboxes } from './scope-list'
import { WhoAmI, type SignedInUser } from './who-am-i'

/**
 * Where a client-code request came from, as far as the emulator can tell: the app signed its
 * timestamp; the device that signed it is unknown (docs/service.md#client-code-flow), only the
 * address that opened this page is.
 */
export interface ClientCodeOrigin {
  /** The signed `timestamp`, ms since the epoch. */
  signedAt: number
  now: number
  /** The address that opened this page, when the emulator knows it. */
  openedFrom: string | null
}

/** "3 minutes ago", "just now", "in 2 minutes": the signed time relative to the emulator's clock. */
function relativeTime(m: EmulatorMessages, at: number, now: number): string {
  const minutes = Math.round((now - at) / 60_000)
  if (minutes === 0) return m.consent.justNow
  return minutes > 0
    ? m.consent.minutesAgo({ minutes })
    : m.consent.inMinutes({ minutes: -minutes })
}

/**
 * A client-code link can be sent to a victim (device-code phishing, RFC 8628 §5.4): the page
 * says so, and shows what is known about where the request was started.
 */
function ClientCodeWarning(props: {
  m: EmulatorMessages
  appName: string
  origin: ClientCodeOrigin
}) {
  const { signedAt, now, openedFrom } = props.origin
  const m = props.m.consent
  const when = relativeTime(props.m, signedAt, now)
  return (
    <div class="warn" role="note">
      <p>
        <strong>{m.warnTitle}</strong>
      </p>
      <p>{m.startedAt({ app: props.appName, when, iso: new Date(signedAt).toISOString() })}</p>
      {openedFrom === null ? null : <p>{m.openedFrom({ address: openedFrom })}</p>}
    </div>
  )
}

export function ConsentPage(props: {
  m: EmulatorMessages
  lang: PageLocale | null
  appName: string
  appDescription: string | null
  user: SignedInUser
  csrf: string
  requestId: string
  scopes: ScopeInfo[]
  returnsToApp: boolean
  clientCode: ClientCodeOrigin | null
  /** The enterprise space whose account the app gets, or null on the main site. */
  space: SpaceOfRequest | null
}) {
  const m = props.m.consent
  return (
    <>
      <h1>{m.title({ app: props.appName })}</h1>
      {props.appDescription === null ? null : <p class="muted">{props.appDescription}</p>}
      {props.space === null ? null : (
        <p class="space-note">{m.inSpace({ space: props.space.name })}</p>
      )}
      {props.clientCode === null ? null : (
        <ClientCodeWarning m={props.m} appName={props.appName} origin={props.clientCode} />
      )}
      <WhoAmI
        m={props.m}
        lang={props.lang}
        user={props.user}
        csrf={props.csrf}
        requestId={props.requestId}
      />
      <form id="consent" method="post" action="/oauth2/authorize/decision">
        <input type="hidden" name="request" value={props.requestId} />
        <input type="hidden" name="csrf" value={props.csrf} />
        <LangField lang={props.lang} />
        {props.scopes.length === 0 ? (
          <p>
            <strong>{props.appName}</strong>
            {m.noScope}
            <span class="muted">{props.m.scopes.noScope}</span>
          </p>
        ) : (
          <fieldset>
            <legend>
              <strong>{props.appName}</strong>
              {m.asksFor}
            </legend>
            <ScopeCheckboxes m={props.m} scopes={props.scopes} checked />
          </fieldset>
        )}
        <div class="actions">
          <button type="submit" name="decision" value="deny" class="danger">
            {m.deny}
          </button>
          <button type="submit" name="decision" value="approve" class="primary">
            {m.approve}
          </button>
        </div>
        <p class="muted">{props.returnsToApp ? m.returnsToApp : m.appWaits}</p>
      </form>
    </>
  )
}

export function ClientCodeResultPage(props: {
  m: EmulatorMessages
  appName: string
  approved: boolean
  scopes: string[]
}) {
  const m = props.m.result
  const app = props.appName
  return (
    <>
      {props.approved ? (
        <>
          <h1>{m.authorized({ app })}</h1>
          <div class="ok" role="status">
            {m.returnNow({ app })}
          </div>
          <p class="muted">
            {props.scopes.length === 0
              ? m.grantedNone
              : m.granted({ scopes: props.scopes.join(', ') })}
          </p>
        </>
      ) : (
        <>
          <h1>{m.deniedTitle}</h1>
          <div class="error" role="status">
            {m.denied({ app })}
          </div>
        </>
      )}
      <p class="muted">{m.closeTab}</p>
    </>
  )
}
