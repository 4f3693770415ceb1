/**
 * React Router's production build in production bundles. The package's `exports` name only its
 * development build (`dist/development`), whatever the mode (remix-run/react-router#14102, open),
 * so a Vite build ships the development warnings: template strings built on every render of a
 * route (`useRoutes`), a console.error and a "Hey developer" notice in its default error element.
 * `dist/production` is the same code with `ENABLE_DEV_WARNINGS = false`, which the minifier then
 * drops (about 0.6 kB gzip of the first load).
 *
 * Builds only: the dev server and the unit tests keep the warnings, which are for developers.
 * vite.config.ts and the bundle floor (bench/bundle.ts) use it alike, so that the floor stays a
 * like-for-like comparison; bench/bundle-budget.test.ts checks the build carries no warning text.
 */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Plugin } from 'vite'

/** The package's entry points and their production files, relative to the package's root. */
const PRODUCTION_FILES = {
  'react-router': 'dist/production/index.mjs',
  'react-router/dom': 'dist/production/dom-export.mjs',
} as const

/** The aliases, from the React Router the project resolves; throws if its layout has changed. */
export function reactRouterProductionAliases(
  packageRoot = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
): { find: RegExp; replacement: string }[] {
  return Object.entries(PRODUCTION_FILES).map(([specifier, file]) => {
    const replacement = path.join(packageRoot, file)
    if (!existsSync(replacement)) {
      throw new Error(
        `scripts/react-router-production.ts: ${replacement} does not exist. React Router's package layout has changed: check whether its exports now choose the production build by themselves, and update or remove this plugin.`,
      )
    }
    return { find: new RegExp(`^${specifier.replace('/', '\\/')}$`), replacement }
  })
}

export function reactRouterProductionBuild(): Plugin {
  return {
    name: 'react-router-production-build',
    apply: 'build',
    config: () => ({ resolve: { alias: reactRouterProductionAliases() } }),
  }
}
