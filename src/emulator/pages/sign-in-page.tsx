/** @jsxImportSource hono/jsx */
/** The sign-in page: the form, its login-CSRF token, and the demo users' one-click forms. */
import type { EmulatorMessages } from './messages'
import type { PageLocale } from './page-locale'
import { LangField } from './page-shell'

export interface DemoUser {
  login: string
  name: string
  password: string
}

export function SignInPage(props: {
  m: EmulatorMessages
  lang: PageLocale | null
  appName: string | null
  requestId: string | null
  /** The sign-in form's CSRF token (sign-in.tsx): a login-CSRF defence. */
  csrf: string
  error: string | null
  login: string
  demoUsers: DemoUser[]
}) {
  const m = props.m.signIn
  const hidden = (
    <>
      <input type="hidden" name="csrf" value={props.csrf} />
      <LangField lang={props.lang} />
      {props.requestId === null ? null : (
        <input type="hidden" name="request" value={props.requestId} />
      )}
    </>
  )
  return (
    <>
      <h1>{m.title}</h1>
      <p class="muted">
        {props.appName === null ? m.forTokens : m.toContinue({ app: props.appName })}
      </p>
      {props.error === null ? null : (
        <div class="error" role="alert">
          {props.error}
        </div>
      )}
      <form id="sign-in" method="post" action="/session">
        {hidden}
        <label class="field" for="login">
          {m.login}
        </label>
        <input
          id="login"
          name="login"
          type="text"
          autocomplete="username"
          required
          value={props.login}
        />
        <label class="field" for="password">
          {m.password}
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="current-password"
          required
        />
        <div class="actions">
          <button type="submit" class="primary">
            {m.submit}
          </button>
        </div>
      </form>
      {props.demoUsers.length === 0 ? null : (
        <section aria-labelledby="demo-users">
          <h2 id="demo-users">{m.demoUsers}</h2>
          <p class="muted">
            {m.demoPasswordBefore}
            <code>password</code>
            {m.demoPasswordAfter}
          </p>
          <div class="demo">
            {props.demoUsers.map((user) => (
              <form method="post" action="/session">
                {hidden}
                <input type="hidden" name="login" value={user.login} />
                <input type="hidden" name="password" value={user.password} />
                <button type="submit">{m.signInAs({ name: user.name, login: user.login })}</button>
              </form>
            ))}
          </div>
        </section>
      )}
    </>
  )
}
