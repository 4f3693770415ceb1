import { describe, expect, it } from 'vitest'
import { takeLabReturn } from './lab-return'

/** A browser's address bar: where it is, and what replaceState made of it. */
function addressBar(pathname: string, search: string) {
  const location = { pathname, search }
  const history = {
    replaceState: (_state: unknown, _unused: string, url?: string | URL | null) => {
      const next = new URL(String(url), 'http://localhost')
      location.pathname = next.pathname
      location.search = next.search
    },
  }
  return { location, history }
}

describe('takeLabReturn (the lab’s callback page, first)', () => {
  it('takes the query and leaves the address bar without it', () => {
    const { location, history } = addressBar('/lab/callback', '?code=c1&state=s1')
    expect(takeLabReturn(location, history)).toBe('code=c1&state=s1')
    expect(location).toEqual({ pathname: '/lab/callback', search: '' })
  })

  it('takes it once: a second take, or a reload, finds nothing', () => {
    const { location, history } = addressBar('/lab/callback', '?error=access_denied')
    expect(takeLabReturn(location, history)).toBe('error=access_denied')
    expect(takeLabReturn(location, history)).toBeNull()
  })

  it('takes nothing from an address without a query', () => {
    const { location, history } = addressBar('/lab/callback', '')
    expect(takeLabReturn(location, history)).toBeNull()
    expect(location.pathname).toBe('/lab/callback')
  })
})
