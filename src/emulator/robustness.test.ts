import { describe, expect, it } from 'vitest'
import { createEmulator } from './emulator'

const UA = { 'User-Agent': 'robustness-test/1.0' }

describe('odd input never causes a 500', () => {
  const weird = [
    '%',
    '%E0%A4%A',
    '%FF%FE',
    '%00',
    '%F0%9F%92%A9',
    '\u202e',
    'a'.repeat(5000),
    '%0d%0aSet-Cookie:%20x=1',
    '..%2F..%2Fetc',
    '<svg/onload=1>',
  ]
  const paths = (value: string) => [
    `/oauth2/authorize?client_id=${value}&state=${value}`,
    `/oauth2/authorize?client_id=playground-web&response_type=code&scope=${value}&state=${value}`,
    `/oauth2/authorize?client_id=playground-cli&code=${value}&timestamp=${value}&sign=${value}&response_type=code`,
    `/oauth2/authorize/consent?request=${value}`,
    `/api/v2/users/${value}`,
    `/api/v2/users/${value}/repos`,
    `/avatars/${value}.svg`,
    `/${value}`,
  ]

  it.each(weird)('answers GETs with %j in every position below 500', async (value) => {
    const { app } = createEmulator()
    for (const path of paths(value)) {
      const response = await app.request(path, { headers: UA })
      expect(response.status, path).toBeLessThan(500)
    }
  })

  it.each(weird)('answers form posts with %j below 500', async (value) => {
    const { app } = createEmulator()
    for (const path of [
      '/session',
      '/oauth2/authorize/decision',
      '/settings/tokens',
      '/oauth2/token',
    ]) {
      const response = await app.request(path, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Cookie: `emu_session=${encodeURIComponent(value)}`,
        },
        body: `login=${value}&password=${value}&request=${value}&csrf=${value}&grant_type=${value}&code=${value}`,
      })
      expect(response.status, path).toBeLessThan(500)
    }
  })

  it.each([
    '/oauth2/authorize',
    '/oauth2/authorize?',
    '/oauth2/authorize/consent',
    '/settings/tokens',
  ])('answers %s without parameters below 500', async (path) => {
    const { app } = createEmulator()
    expect((await app.request(path)).status).toBeLessThan(500)
  })

  it('answers a page form over 64 KB with a 413 page', async () => {
    const { app } = createEmulator()
    const response = await app.request('/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `login=${'a'.repeat(70_000)}`,
    })
    expect(response.status).toBe(413)
    expect(response.headers.get('Content-Type')).toContain('text/html')
  })

  it('answers a repeated form field on the consent decision with a 400 page', async () => {
    const { app } = createEmulator()
    const response = await app.request('/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'login=alice&login=bob&password=password',
    })
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('appears more than once')
  })
})

describe('unknown routes and methods', () => {
  it('answers an unknown page with a 404 HTML page carrying the page headers', async () => {
    const { app } = createEmulator()
    const response = await app.request('/nowhere')
    expect(response.status).toBe(404)
    expect(response.headers.get('Content-Type')).toContain('text/html')
    expect(response.headers.get('X-Frame-Options')).toBe('DENY')
  })

  it('answers a wrong method on a page with a 405 HTML page and Allow', async () => {
    const { app } = createEmulator()
    const response = await app.request('/oauth2/authorize', { method: 'PUT', headers: UA })
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toContain('GET')
    expect(response.headers.get('Content-Type')).toContain('text/html')
  })

  it('answers an unexpected failure with 500 in the area shape, without details', async () => {
    const { app } = createEmulator({
      clientAddress: () => {
        throw new Error('boom: internal detail')
      },
    })
    const response = await app.request('/api/v2/users/alice', { headers: UA })
    expect(response.status).toBe(500)
    const body = await response.text()
    expect(JSON.parse(body)).toMatchObject({ status: 500 })
    expect(body).not.toContain('boom')
  })
})
