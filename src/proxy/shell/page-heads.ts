/**
 * Reads the pages' heads the build rendered (page-head-contract.ts), once, at start. Checked
 * before the server puts any of it into a page: only a head element, only a page class.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { PAGE_HEADS_FILE, type PageHeads } from './page-head-contract'

const HeadHtml = z.string().regex(/^<header class="page-head">[\s\S]*<\/header>$/)

const PageHeadsSchema = z.record(
  z.string(),
  z.object({
    className: z.string().regex(/^page[\w -]*$/),
    html: z.object({ en: HeadHtml, 'zh-CN': HeadHtml }),
  }),
)

export function readPageHeads(root: string): PageHeads {
  const file = path.join(root, PAGE_HEADS_FILE)
  // A build without them (an older dist/) shows each page's loading line alone, as it did.
  if (!existsSync(file)) return {}
  const rebuild = 'rebuild the app (npm run build)'
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    throw new Error(`${file} is not JSON: ${rebuild}.`)
  }
  const heads = PageHeadsSchema.safeParse(parsed)
  if (!heads.success) {
    throw new Error(
      `${file} holds something other than pages' heads: ${rebuild}.\n${z.prettifyError(heads.error)}`,
    )
  }
  return heads.data
}
