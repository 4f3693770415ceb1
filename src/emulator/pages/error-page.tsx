/** @jsxImportSource hono/jsx */
/** The browser pages' error page: what happened, and what to do next. */

export function ErrorPage(props: { title: string; message: string; hint: string | undefined }) {
  return (
    <>
      <h1>{props.title}</h1>
      <div class="error" role="alert">
        {props.message}
      </div>
      {props.hint === undefined ? null : <p class="muted">{props.hint}</p>}
    </>
  )
}
