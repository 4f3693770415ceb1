import { describe, expect, it } from 'vitest'
import { describeRouteError, isChunkLoadError } from './error-card'
import { appMessages } from './messages'
import { appMessagesZh } from './messages.zh'

describe('the error card', () => {
  it('says the server is unreachable when a page’s code cannot load, not the browser’s words', () => {
    for (const error of [
      new Error('Unable to preload CSS for /assets/profile-page-abc.css'),
      new TypeError('Failed to fetch dynamically imported module: /assets/x.js'),
    ]) {
      expect(isChunkLoadError(error)).toBe(true)
      expect(describeRouteError(error, appMessages.errors).title).toBe(
        'The playground server is unreachable',
      )
    }
    expect(describeRouteError(new TypeError('x is undefined'), appMessages.errors).title).toBe(
      'Something went wrong',
    )
  })

  it('says it in Chinese with the Chinese messages', () => {
    const error = new Error('Unable to preload CSS for /assets/a.css')
    expect(describeRouteError(error, appMessagesZh.errors).title).toBe('无法访问演练场服务器')
  })
})
