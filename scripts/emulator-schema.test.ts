import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SCHEMA_PATH, buildSchema } from './emulator-schema'

/** Every object schema in `node`, however deep. */
function objectSchemas(node: unknown): Record<string, unknown>[] {
  if (Array.isArray(node)) return node.flatMap(objectSchemas)
  if (typeof node !== 'object' || node === null) return []
  const record = node as Record<string, unknown>
  const own = record.type === 'object' ? [record] : []
  return [...own, ...Object.values(record).flatMap(objectSchemas)]
}

describe('the JSON Schema of the emulator’s config file', () => {
  it('is what scripts/emulator-schema.ts writes from the zod schema (run npm run emulator:schema)', async () => {
    expect(readFileSync(SCHEMA_PATH, 'utf8')).toBe(await buildSchema())
  })

  it('refuses unknown fields in every object, as the emulator does', () => {
    const schema: unknown = JSON.parse(readFileSync(SCHEMA_PATH, 'utf8'))
    const objects = objectSchemas(schema)
    // The file, an app, a user, a token, data, a repository, a document, clock, rateLimit,
    // autoApprove; and a space with its own app, user, token, data, repository, document and
    // autoApprove.
    expect(objects).toHaveLength(18)
    for (const object of objects) expect(object.additionalProperties).toBe(false)
  })
})
