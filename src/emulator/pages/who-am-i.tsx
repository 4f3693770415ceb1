/** @jsxImportSource hono/jsx */
/** The signed-in user's card with its sign-out form (consent and personal-token pages). */
import type { EmulatorMessages } from './messages'
import type { PageLocale } from './page-locale'
import { LangField } from './page-shell'

export interface SignedInUser {
  login: string
  name: string
  avatarUrl: string
}

export function WhoAmI(props: {
  m: EmulatorMessages
  lang: PageLocale | null
  user: SignedInUser
  csrf: string
  requestId: string | null
}) {
  return (
    <div class="who">
      <img src={props.user.avatarUrl} alt="" />
      <div>
        <div>
          <strong>{props.user.name}</strong>
        </div>
        <div class="muted">@{props.user.login}</div>
      </div>
      <form method="post" action="/session/end">
        <input type="hidden" name="csrf" value={props.csrf} />
        <LangField lang={props.lang} />
        {props.requestId === null ? null : (
          <input type="hidden" name="request" value={props.requestId} />
        )}
        <button type="submit">{props.m.who.signOut}</button>
      </form>
    </div>
  )
}
