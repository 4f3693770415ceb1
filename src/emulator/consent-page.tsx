/** @jsxImportSource hono/jsx */
/** The consent page and, for the client-code flow, the page that answers the decision. */
import { NO_SCOPE_MEANING, type ScopeInfo } from '../protocol/scopes'
import { ScopeCheckboxes } from './scope-list'
import { WhoAmI, type SignedInUser } from './who-am-i'

/**
 * Where a client-code request came from, as far as the emulator can tell: the app signed its
 * timestamp; the device that signed it is unknown (spec §5.3), only the address that opened
 * this page is.
 */
export interface ClientCodeOrigin {
  /** The signed `timestamp`, ms since the epoch. */
  signedAt: number
  now: number
  /** The address that opened this page, when the emulator knows it. */
  openedFrom: string | null
}

/** "3 minutes ago", "just now", "in 2 minutes": the signed time relative to the emulator's clock. */
function relativeTime(at: number, now: number): string {
  const minutes = Math.round((now - at) / 60_000)
  if (minutes === 0) return 'just now'
  const unit = Math.abs(minutes) === 1 ? 'minute' : 'minutes'
  return minutes > 0 ? `${minutes} ${unit} ago` : `in ${-minutes} ${unit}`
}

/**
 * A client-code link can be sent to a victim (device-code phishing, RFC 8628 §5.4): the page
 * says so, and shows what is known about where the request was started.
 */
function ClientCodeWarning(props: { appName: string; origin: ClientCodeOrigin }) {
  const { signedAt, now, openedFrom } = props.origin
  return (
    <div class="warn" role="note">
      <p>
        <strong>Approve only if you started this yourself, on this device.</strong>
      </p>
      <p>
        {`${props.appName} started this sign-in ${relativeTime(signedAt, now)} (${new Date(signedAt).toISOString()}, the time the app signed).`}
      </p>
      {openedFrom === null ? null : <p>{`This page was opened from ${openedFrom}.`}</p>}
    </div>
  )
}

export function ConsentPage(props: {
  appName: string
  appDescription: string | null
  user: SignedInUser
  csrf: string
  requestId: string
  scopes: ScopeInfo[]
  returnsToApp: boolean
  clientCode: ClientCodeOrigin | null
}) {
  return (
    <>
      <h1>{`Authorize ${props.appName}`}</h1>
      {props.appDescription === null ? null : <p class="muted">{props.appDescription}</p>}
      {props.clientCode === null ? null : (
        <ClientCodeWarning appName={props.appName} origin={props.clientCode} />
      )}
      <WhoAmI user={props.user} csrf={props.csrf} requestId={props.requestId} />
      <form id="consent" method="post" action="/oauth2/authorize/decision">
        <input type="hidden" name="request" value={props.requestId} />
        <input type="hidden" name="csrf" value={props.csrf} />
        {props.scopes.length === 0 ? (
          <p>
            <strong>{props.appName}</strong>
            {` asks for no scope: it gets read-only access to public information. `}
            <span class="muted">{`(${NO_SCOPE_MEANING}.)`}</span>
          </p>
        ) : (
          <fieldset>
            <legend>
              <strong>{props.appName}</strong> asks for these permissions. Untick any you do not
              want to grant.
            </legend>
            <ScopeCheckboxes scopes={props.scopes} checked />
          </fieldset>
        )}
        <div class="actions">
          <button type="submit" name="decision" value="deny" class="danger">
            Deny
          </button>
          <button type="submit" name="decision" value="approve" class="primary">
            Authorize
          </button>
        </div>
        <p class="muted">
          {props.returnsToApp
            ? 'You will be sent back to the app.'
            : 'The app is waiting for your answer; you can close this tab afterwards.'}
        </p>
      </form>
    </>
  )
}

export function ClientCodeResultPage(props: {
  appName: string
  approved: boolean
  scopes: string[]
}) {
  return (
    <>
      {props.approved ? (
        <>
          <h1>{`${props.appName} is authorized`}</h1>
          <div class="ok" role="status">
            {`You may now return to the app: ${props.appName} will finish signing in by itself.`}
          </div>
          <p class="muted">
            {props.scopes.length === 0
              ? 'Granted: read-only access to public information.'
              : `Granted scopes: ${props.scopes.join(', ')}.`}
          </p>
        </>
      ) : (
        <>
          <h1>Access denied</h1>
          <div class="error" role="status">
            {`You denied ${props.appName} access to your account. You may return to the app.`}
          </div>
        </>
      )}
      <p class="muted">You can close this tab.</p>
    </>
  )
}
