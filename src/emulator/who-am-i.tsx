/** @jsxImportSource hono/jsx */
/** The signed-in user's card with its sign-out form (consent and personal-token pages). */

export interface SignedInUser {
  login: string
  name: string
  avatarUrl: string
}

export function WhoAmI(props: { user: SignedInUser; csrf: string; requestId: string | null }) {
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
        {props.requestId === null ? null : (
          <input type="hidden" name="request" value={props.requestId} />
        )}
        <button type="submit">Not you? Sign out</button>
      </form>
    </div>
  )
}
