/**
 * zod's global settings for the web app, imported first by main.tsx and by api-client.ts (the
 * second import keeps this module in the bundle chunk that holds the schemas, ahead of them).
 *
 * - English messages: zod/mini registers no locale (classic zod does it by itself), and without
 *   one every issue reads "Invalid input". The app shows issue messages (api-client.ts), so they
 *   must say what was wrong, as they did with classic zod.
 * - `jitless`: classic zod's objects compile their parsers with `new Function`, and merely
 *   probing for it is reported as a CSP violation under `script-src 'self'` (no 'unsafe-eval').
 *   The app's schemas are zod/mini, whose objects compile nothing, so nothing probes today; the
 *   setting costs a few bytes and keeps it so should a classic schema ever reach the bundle.
 *   Schemas read it when they are created, hence the import order.
 */
import { z } from 'zod/mini'
import { en } from 'zod/locales'

z.config({ ...en(), jitless: true })
