/**
 * Record schemas of the service (docs/service.md#user-resource, and the real service's OpenAPI
 * document for the optional extras). Network data is parsed with these, never cast.
 *
 * zod/mini, not classic zod: the browser bundle imports these, and mini's functional API
 * tree-shakes (the first-load budget, bench/bundle-budget.test.ts). The servers parse with them the same way.
 * `.check()` is a method call, which a bundler keeps unless it is marked pure: the
 * `@__PURE__` marks let the schemas the browser never uses (the token endpoint's) drop out.
 */
import { z } from 'zod/mini'
import { isoDateTime, visibility } from './user-schema'

export { ErrorBodySchema, envelope } from './envelope'

export { UserSchema, type User } from './user-schema'

export const RepoSchema = z.object({
  id: z.int(),
  type: z.string(),
  slug: z.string(),
  name: z.string(),
  namespace: z.string(),
  user_id: z.int(),
  description: z.nullable(z.string()),
  public: visibility,
  items_count: z.int(),
  likes_count: z.optional(z.int()),
  watches_count: z.optional(z.int()),
  content_updated_at: z.optional(isoDateTime),
  created_at: isoDateTime,
  updated_at: isoDateTime,
})
export type Repo = z.infer<typeof RepoSchema>

export const GroupSchema = z.object({
  id: z.int(),
  type: z.string(),
  login: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  avatar_url: z.string(),
  members_count: z.optional(z.int()),
  books_count: z.optional(z.int()),
  public: z.optional(visibility),
  created_at: isoDateTime,
  updated_at: isoDateTime,
})
export type Group = z.infer<typeof GroupSchema>

export const HelloSchema = z.object({ message: z.string() })

/**
 * Token response (docs/service.md#token-response). `token_type` is compared case-insensitively (RFC
 * 6749 §5.1); `scope` may be absent (RFC 6749 §5.1: then it equals the requested scope); no
 * `expires_in`.
 */
export const TokenResponseSchema = z.object({
  access_token: /* @__PURE__ */ z.string().check(z.minLength(1)),
  token_type: /* @__PURE__ */ z.string().check(
    z.refine((type) => type.toLowerCase() === 'bearer', {
      error: 'token_type must be "bearer"',
    }),
  ),
  scope: z.optional(z.string()),
})
export type TokenResponse = z.infer<typeof TokenResponseSchema>

/** OAuth error response (RFC 6749 §5.2). */
export const OAuthErrorSchema = z.object({
  error: /* @__PURE__ */ z.string().check(z.minLength(1)),
  error_description: z.optional(z.string()),
})
export type OAuthError = z.infer<typeof OAuthErrorSchema>
