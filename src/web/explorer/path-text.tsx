/**
 * An API path that wraps only between its segments: a <wbr> after each '/', and explorer.css
 * keeps each segment whole (`{book_slug}` never breaks inside on a phone).
 */
import { Fragment } from 'react'

export function PathText({ path, className }: { path: string; className: string }) {
  const segments = path.split('/')
  return (
    <span className={`${className} explorer-path`}>
      {segments.map((segment, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <>
              /<wbr />
            </>
          )}
          {segment}
        </Fragment>
      ))}
    </span>
  )
}
