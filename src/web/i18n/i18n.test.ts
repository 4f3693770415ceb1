import { describe, expect, it } from 'vitest'
import { chooseLocale, readCookie, toLocale } from './locale'
import { formatDuration } from './format'
import { serviceTextLang } from './service-text'
import { zhCatalogs } from './zh'
import type { Messages } from './catalog'

describe('choosing the language', () => {
  it('maps any Chinese tag to zh-CN and any English one to en', () => {
    expect(['zh', 'zh-CN', 'zh-Hans-CN', 'zh-TW', 'ZH-cn'].map(toLocale)).toEqual(
      Array(5).fill('zh-CN'),
    )
    expect(['en', 'en-US', 'en-GB'].map(toLocale)).toEqual(['en', 'en', 'en'])
    expect(toLocale('fr-FR')).toBeNull()
  })

  it('prefers the remembered choice, then the first preferred language we have, then English', () => {
    expect(chooseLocale('en', ['zh-CN'])).toBe('en')
    expect(chooseLocale(null, ['fr-FR', 'zh-CN', 'en'])).toBe('zh-CN')
    expect(chooseLocale('garbage', ['de'])).toBe('en')
  })

  it('reads one cookie out of a Cookie header', () => {
    expect(readCookie('a=1; playground_lang=zh-CN; b=2', 'playground_lang')).toBe('zh-CN')
    expect(readCookie('xplayground_lang=en', 'playground_lang')).toBeNull()
  })
})

describe('formatting', () => {
  it('reads durations as people read them, never raw seconds', () => {
    expect(formatDuration('en', 45)).toBe('45 sec')
    expect(formatDuration('en', 3540)).toBe('59 min')
    expect(formatDuration('zh-CN', 3540)).toBe('59 分钟')
    expect(formatDuration('en', 3600 + 600)).toBe('1 hr 10 min')
  })
})

describe('service text', () => {
  it('marks Chinese text with its language and leaves Latin text alone', () => {
    expect(serviceTextLang('王小明')).toBe('zh-CN')
    expect(serviceTextLang('alice')).toBeUndefined()
  })
})

describe('catalogs', () => {
  it('has a Chinese catalog for every namespace, typed by the English one', () => {
    // The type does the real work (a missing key is a compile error); this keeps the map whole.
    const common: Messages<'common'> = zhCatalogs.common
    expect(common).toBeDefined()
    expect(Object.keys(zhCatalogs).sort()).toEqual([
      'app',
      'callback',
      'clientCode',
      'common',
      'connect',
      'connected',
      'explorer',
      'hello',
      'inspector',
      'notFound',
      'notices',
      'profile',
      'response',
      'scopes',
      'session',
      'snippets',
      'userCard',
      'users',
      'yourApp',
    ])
  })
})
