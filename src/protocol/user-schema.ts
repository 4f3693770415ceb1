/**
 * The user record (docs/service.md#user-resource, and the real service's V2User for the optional
 * extras), apart from the other records of schemas.ts, which re-exports it: the web app's first
 * load asks for the connected user's profile, and a bundler keeps a module whole, so importing
 * schemas.ts there would bring every record schema the later pages use (docs/decisions/0008).
 */
import { z } from 'zod/mini'

/** Date-times as the service writes them (ISO 8601 with an offset). */
export const isoDateTime = z.iso.datetime({ offset: true })
export const visibility = z.union([z.literal(0), z.literal(1), z.literal(2)])

export const UserSchema = z.object({
  id: z.int(),
  type: z.string(),
  login: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  avatar_url: z.string(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  // Extras the real service sends (yuque-openapi-2.0.1.json, V2User).
  books_count: z.optional(z.int()),
  public_books_count: z.optional(z.int()),
  followers_count: z.optional(z.int()),
  following_count: z.optional(z.int()),
  public: z.optional(visibility),
})
export type User = z.infer<typeof UserSchema>
