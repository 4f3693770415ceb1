import { isRouteErrorResponse, useRouteError } from 'react-router-dom'

function describe(error: unknown): { title: string; detail: string } {
  if (isRouteErrorResponse(error)) {
    return { title: `${error.status} ${error.statusText}`, detail: String(error.data ?? '') }
  }
  // A lazy route chunk that no longer exists (the app was rebuilt while this tab was open).
  if (error instanceof TypeError && /dynamically imported module|import/i.test(error.message)) {
    return {
      title: 'This page could not be loaded',
      detail:
        'The playground was probably updated or restarted. Reload to get the current version.',
    }
  }
  return {
    title: 'Something went wrong',
    detail: error instanceof Error ? error.message : 'An unexpected error stopped the page.',
  }
}

/** What went wrong, and the ways back: loaded when an error is shown (root-error-page.tsx). */
export function ErrorCard() {
  const { title, detail } = describe(useRouteError())
  return (
    <>
      <title>Error · Yuque OAuth Playground</title>
      <div className="card empty-state" role="alert">
        <h1>{title}</h1>
        <p>{detail}</p>
        <p className="notice-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => window.location.reload()}
          >
            Reload
          </button>
          <a className="btn" href="/">
            Back to Connect
          </a>
        </p>
      </div>
    </>
  )
}
