/**
 * The browser's own token over a real socket, through the server's composition: a plain
 * `GET /api/v2/user` takes the Node door (api-node.ts, decision 0012) and is answered with the
 * vault's token like a call through the Hono app.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../protocol/playground-api'
import { startProxyOverHttp, type ProxyOverHttp } from '../../testing/proxy-over-http'

let server: ProxyOverHttp | undefined
afterEach(async () => {
  await server?.close()
})

const cookiesOf = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .filter((line) => !/;\s*max-age=0/i.test(line))
    .map((line) => line.split(';')[0] ?? '')
    .join('; ')

describe('a personal token saved over HTTP', () => {
  it('answers plain API reads through the Node door, and ends with Forget', async () => {
    server = await startProxyOverHttp()
    const { access_token } = server.emulator.control.issueToken({ login: 'bob', scopes: [] })
    const saved = await server.send({
      method: 'PUT',
      path: '/auth/app/token',
      headers: server.appHeaders(),
      body: JSON.stringify({ service: { kind: 'emulator' }, token: access_token }),
    })
    expect(saved.status).toBe(200)
    expect(saved.body).not.toContain(access_token)
    const cookie = cookiesOf(saved.headers['set-cookie'])
    expect(cookie).toMatch(/pg_app=/)

    const read = { [CSRF_HEADER]: CSRF_HEADER_VALUE, Cookie: cookie }
    const user = await server.send({ path: '/api/v2/user', headers: read })
    expect(user.status).toBe(200)
    expect(JSON.parse(user.body)).toMatchObject({ data: { login: 'bob' } })

    const forget = await server.send({
      method: 'DELETE',
      path: '/auth/app',
      headers: server.appHeaders({ Cookie: cookie }),
    })
    expect(forget.status).toBe(204)
    const after = await server.send({ path: '/api/v2/user', headers: read })
    expect(after.status).toBe(401)
  })
})
