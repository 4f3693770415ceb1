/**
 * Typed messages without a library (docs/decisions/0009-i18n.md).
 *
 * A feature's English catalog is a plain object in its own `messages.ts` (bundled with the
 * feature's chunk); its Chinese one, `messages.zh.ts`, is declared with the English catalog's
 * type, so a missing key, an extra key or a placeholder of the wrong name or type is a type
 * error. A message with placeholders is a function: `(p: { left: number }) => string`, or one
 * returning JSX where the text wraps markup. Numbers, dates and durations in placeholders are
 * formatted by the caller through format.ts, never concatenated raw.
 */
import type { ZhLabCatalogs } from './lab.zh'
import type { ZhCatalogs } from './zh'

/** Every namespace's Chinese: the catalog's, and the flow lab's, which loads with its page. */
type AllZhCatalogs = ZhCatalogs & ZhLabCatalogs

/**
 * The namespaces: one per feature folder (and `common` for lib/, `userCard` for lib/'s user card,
 * `app` for layout/).
 */
export type Namespace = keyof AllZhCatalogs

/** The English catalog of a namespace: what the Chinese one must match, key for key. */
export type Messages<N extends Namespace> = AllZhCatalogs[N]
