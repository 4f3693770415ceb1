/** @jsxImportSource hono/jsx */
/** The sign-in page: the form, its login-CSRF token, and the demo users' one-click forms. */

export interface DemoUser {
  login: string
  name: string
  password: string
}

export function SignInPage(props: {
  appName: string | null
  requestId: string | null
  /** The sign-in form's CSRF token (sign-in.tsx): a login-CSRF defence. */
  csrf: string
  error: string | null
  login: string
  demoUsers: DemoUser[]
}) {
  const hidden = (
    <>
      <input type="hidden" name="csrf" value={props.csrf} />
      {props.requestId === null ? null : (
        <input type="hidden" name="request" value={props.requestId} />
      )}
    </>
  )
  return (
    <>
      <h1>Sign in</h1>
      <p class="muted">
        {props.appName === null
          ? 'Sign in to manage your personal access tokens.'
          : `to continue to ${props.appName}`}
      </p>
      {props.error === null ? null : (
        <div class="error" role="alert">
          {props.error}
        </div>
      )}
      <form id="sign-in" method="post" action="/session">
        {hidden}
        <label class="field" for="login">
          Login
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
          Password
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
            Sign in
          </button>
        </div>
      </form>
      {props.demoUsers.length === 0 ? null : (
        <section aria-labelledby="demo-users">
          <h2 id="demo-users">Demo users</h2>
          <p class="muted">
            Every demo user's password is <code>password</code>. Sign in with one click:
          </p>
          <div class="demo">
            {props.demoUsers.map((user) => (
              <form method="post" action="/session">
                {hidden}
                <input type="hidden" name="login" value={user.login} />
                <input type="hidden" name="password" value={user.password} />
                <button type="submit">{`Sign in as ${user.name} (@${user.login})`}</button>
              </form>
            ))}
          </div>
        </section>
      )}
    </>
  )
}
