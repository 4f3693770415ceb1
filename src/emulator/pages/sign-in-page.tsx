/** @jsxImportSource hono/jsx */
/** The sign-in page: the form, its login-CSRF token, and the demo users' one-click forms. */
import type { SpaceOfRequest } from '../context'
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
  /** The enterprise space signed in to: its accounts are not the main site's. */
  space: SpaceOfRequest | null
}) {
  const m = props.m.signIn
  /**
   * After a refused sign-in the page comes back with focus on the field to fix, the password
   * (the login is kept), described by the error: not on <body> (WCAG 3.3.1, Error
   * Identification; 2.4.3, Focus Order). The page has no script: the autofocus attribute does it
   * (e2e/emulator-pages.spec.ts).
   */
  const hasError = props.error !== null
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
      {props.space === null ? null : (
        <p class="space-note">{m.inSpace({ space: props.space.name, host: props.space.host })}</p>
      )}
      {props.error === null ? null : (
        <div class="error" role="alert" id="sign-in-error">
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
          autofocus={hasError && props.login === ''}
          aria-invalid={hasError && props.login === '' ? 'true' : undefined}
          aria-describedby={hasError && props.login === '' ? 'sign-in-error' : undefined}
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
          autofocus={hasError && props.login !== ''}
          aria-invalid={hasError && props.login !== '' ? 'true' : undefined}
          aria-describedby={hasError && props.login !== '' ? 'sign-in-error' : undefined}
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
