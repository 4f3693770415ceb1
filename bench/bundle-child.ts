/**
 * `tsx bench/bundle-child.ts <result.json>`: builds and measures the app and the floor
 * (bundle.ts, measureBundles) in a process of its own, keeping both builds, and writes
 * `{ report, appDir, floorDir }` to the file named. bench/run.ts runs it so that no bundler has
 * run in the process that then serves the load test (run.ts, measureBundlesApart, says what that
 * changed).
 */
import { writeFile } from 'node:fs/promises'
import { measureBundles } from './bundle'

const out = process.argv[2]
if (out === undefined) throw new Error('usage: tsx bench/bundle-child.ts <result.json>')
await writeFile(out, JSON.stringify(await measureBundles({ keepBuilds: true })))
