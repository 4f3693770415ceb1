import { describe, expect, it } from 'vitest'
import { LAB_CALLBACK_PATH, LAB_RUN_COOKIE } from '../../protocol/lab-api'
import { handOverLabReturn } from './lab-hand-over'

const RETURN = { search: '?code=c1&state=s1', hash: '' }

/** The page's cookie and where `location.replace` was asked to go. */
function browser(cookie: string) {
  const replaced: string[] = []
  return { replaced, deps: { cookie, replace: (url: string) => void replaced.push(url) } }
}

describe('handOverLabReturn (a return that belongs to the flow lab)', () => {
  it('goes on to the lab’s callback page with the same query while the lab’s run cookie is set', () => {
    const { replaced, deps } = browser(`playground_lang=en; ${LAB_RUN_COOKIE}=r1`)
    expect(handOverLabReturn(RETURN, deps)).toBe(true)
    expect(replaced).toEqual([`${LAB_CALLBACK_PATH}?code=c1&state=s1`])
    expect(replaced[0]).toBe('/lab/callback?code=c1&state=s1')
  })

  it('hands over an error response as it came, and never the fragment', () => {
    const { replaced, deps } = browser(`${LAB_RUN_COOKIE}=r1`)
    handOverLabReturn({ search: '?error=access_denied', hash: '#access_token=t' }, deps)
    expect(replaced).toEqual(['/lab/callback?error=access_denied'])
  })

  it('leaves the login’s return alone without the cookie, or with it empty or of another name', () => {
    for (const cookie of [
      '',
      'playground_lang=zh-CN',
      `${LAB_RUN_COOKIE}=`,
      `x${LAB_RUN_COOKIE}=r1`,
    ]) {
      const { replaced, deps } = browser(cookie)
      expect(handOverLabReturn(RETURN, deps), cookie).toBe(false)
      expect(replaced, cookie).toEqual([])
    }
  })

  it('does nothing outside a browser', () => {
    expect(handOverLabReturn(RETURN)).toBe(false)
  })
})
