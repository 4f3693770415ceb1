/**
 * Record schemas of the service (spec §2, and the real service's OpenAPI document for the
 * optional extras). Network data is parsed with these, never cast.
 */
import { z } from 'zod'

const isoDateTime = z.iso.datetime({ offset: true })
const visibility = z.union([z.literal(0), z.literal(1), z.literal(2)])

export const UserSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  login: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  avatar_url: z.string(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  // Extras the real service sends (yuque-openapi-2.0.1.json, V2User).
  books_count: z.number().int().optional(),
  public_books_count: z.number().int().optional(),
  followers_count: z.number().int().optional(),
  following_count: z.number().int().optional(),
  public: visibility.optional(),
})
export type User = z.infer<typeof UserSchema>

export const RepoSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  slug: z.string(),
  name: z.string(),
  namespace: z.string(),
  user_id: z.number().int(),
  description: z.string().nullable(),
  public: visibility,
  items_count: z.number().int(),
  likes_count: z.number().int().optional(),
  watches_count: z.number().int().optional(),
  content_updated_at: isoDateTime.optional(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
})
export type Repo = z.infer<typeof RepoSchema>

export const GroupSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  login: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  avatar_url: z.string(),
  members_count: z.number().int().optional(),
  books_count: z.number().int().optional(),
  public: visibility.optional(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
})
export type Group = z.infer<typeof GroupSchema>

export const HelloSchema = z.object({ message: z.string() })
export type Hello = z.infer<typeof HelloSchema>

/** The success envelope: `{data, meta?, abilities?}` (spec §2.2). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    data,
    meta: z.record(z.string(), z.unknown()).optional(),
    abilities: z.record(z.string(), z.boolean()).optional(),
  })
}

/** The service's error body: `{"status": 401, "message": "Unauthorized"}`. */
export const ErrorBodySchema = z.object({
  status: z.number().int(),
  message: z.string(),
  code: z.string().optional(),
})
export type ErrorBody = z.infer<typeof ErrorBodySchema>

/**
 * Token response (spec §5.4). `token_type` is compared case-insensitively (RFC 6749 §5.1);
 * `scope` may be absent (RFC 6749 §5.1: then it equals the requested scope); no `expires_in`.
 */
export const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((type) => type.toLowerCase() === 'bearer', {
    message: 'token_type must be "bearer"',
  }),
  scope: z.string().optional(),
})
export type TokenResponse = z.infer<typeof TokenResponseSchema>

/** OAuth error response (RFC 6749 §5.2). */
export const OAuthErrorSchema = z.object({
  error: z.string().min(1),
  error_description: z.string().optional(),
})
export type OAuthError = z.infer<typeof OAuthErrorSchema>
