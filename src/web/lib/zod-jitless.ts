/**
 * Imported first by main.tsx and by api-client.ts, before any schema exists: zod's JIT compiles
 * parsers with `new Function`, and merely probing for it is reported as a CSP violation under
 * `script-src 'self'` (no 'unsafe-eval'). Schemas read this setting when they are created.
 * The second import keeps this module in the bundle chunk that holds the schemas, ahead of them.
 */
import { z } from 'zod'

z.config({ jitless: true })
