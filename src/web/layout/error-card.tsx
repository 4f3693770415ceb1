import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import { useMessages } from '../i18n/use-messages'
import { appMessages } from './messages'

type ErrorMessages = (typeof appMessages)['errors']

/**
 * A lazy route's chunk that does not load: the import rejects with a TypeError ("Failed to fetch
 * dynamically imported module") or Vite's preload helper's Error ("Unable to preload CSS for …").
 * Either way the server is out of reach (or was rebuilt): say that, not the browser's words.
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically/i.test(
      error.message,
    )
  )
}

export function describeRouteError(
  error: unknown,
  m: ErrorMessages,
): { title: string; detail: string } {
  if (isRouteErrorResponse(error)) {
    return {
      title: m.routeStatus({ status: error.status, text: error.statusText }),
      detail: String(error.data ?? ''),
    }
  }
  if (isChunkLoadError(error)) return { title: m.chunkTitle, detail: m.chunkDetail }
  return {
    title: m.genericTitle,
    detail: error instanceof Error ? error.message : m.genericDetail,
  }
}

/** What went wrong, and the ways back: loaded when an error is shown (root-error-page.tsx). */
export function ErrorCard() {
  const m = useMessages('app', appMessages).errors
  const { title, detail } = describeRouteError(useRouteError(), m)
  return (
    <>
      <title>{m.pageTitle}</title>
      <div className="card empty-state" role="alert">
        <h1>{title}</h1>
        <p>{detail}</p>
        <p className="notice-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => window.location.reload()}
          >
            {m.reload}
          </button>
          <a className="btn" href="/">
            {m.backToConnect}
          </a>
        </p>
      </div>
    </>
  )
}
