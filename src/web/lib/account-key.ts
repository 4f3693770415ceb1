/**
 * The key every query about the connected account starts with (its profile, greeting,
 * repositories, teams): session/account-cache.ts drops them all by this prefix when the account
 * changes or leaves. Public lookups (`/users/:login`) use keys of their own and stay.
 */
export const ACCOUNT_KEY = ['account'] as const
