import { Fragment, createElement, type ReactNode } from 'react'

/**
 * A message's text around markup, without JSX (a catalog is a .ts module):
 * `parts('Service answered ', <span>200</span>, ' in 3 ms')`. Children passed as arguments need
 * no keys. Used by the inspector's and the explorer's catalogs; at home in i18n/ if others need it.
 */
export const parts = (...children: ReactNode[]): ReactNode =>
  createElement(Fragment, null, ...children)
