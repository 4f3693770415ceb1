/**
 * The floor app (bench/floor/, a bare React + TanStack Query + React Router app, built by
 * bundle.ts) served as the production server serves ours (src/proxy/shell/web-app.ts): its files
 * precompressed (gzip, brotli) and sent as the browser accepts them, the hashed assets cached for
 * a year, every page the app's index.html. What Chromium downloads from it, and Lighthouse's
 * scores for it, are the floor beside ours in the same run (page-downloads.ts, lighthouse.ts).
 */
import http from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { closeServer, listen } from './stack'

export interface FloorServer {
  /** The floor's origin for browsers: localhost, as the app's (stack.ts, appOrigin). */
  origin: string
  close(): Promise<void>
}

export async function startFloorServer(floorDir: string): Promise<FloorServer> {
  const app = new Hono()
  app.use('*', async (c, next) => {
    await next()
    const isAsset = c.req.path.startsWith('/assets/') && c.res.status === 200
    c.header('Cache-Control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache')
  })
  app.get('*', serveStatic({ root: floorDir, precompressed: true }))
  app.get('/assets/*', (c) => c.text('not found', 404))
  app.get('*', serveStatic({ root: floorDir, path: 'index.html' }))
  const server = http.createServer(getRequestListener(app.fetch))
  const url = await listen(server)
  return {
    origin: `http://localhost:${new URL(url).port}`,
    close: () => closeServer(server),
  }
}
