/**
 * What the explorer's specs share: its controls found by role and name in either language, and
 * the emulator's seed they read (alice's "API Handbook", src/emulator/model/seed-content.ts).
 */
import type { Page } from '@playwright/test'
import { expect } from './support/fixtures'

export const BOOK_ID = '20011'
export const BOOK_NAME = 'API Handbook'

export type Lang = 'en' | 'zh'

/** The explorer's words the specs look for, in each language (src/web/explorer/messages*.ts). */
export const WORDS = {
  en: {
    path: '(path)',
    query: '(query)',
    send: 'Send',
    required: 'required',
    response: 'Response',
    operations: 'API operations',
    find: 'Find an operation',
    jsonBody: 'JSON body',
    editJson: 'Edit as JSON',
    confirmDelete: 'Delete on the service?',
    confirmChange: 'Change data on the service?',
    cancel: 'Cancel',
    delete: 'Delete',
    emulator: 'embedded emulator',
    history: 'Recent calls in this tab',
    offline: 'You are offline: nothing was sent.',
    skip: 'Skip to the form',
    fromSession: 'your login, from the session',
    useAsBookId: 'Use as book_id',
    keptForBookId: '✓ Kept for book_id',
    target: (name: string) => `Target: “${name}”`,
  },
  zh: {
    path: '（路径参数）',
    query: '（查询参数）',
    send: '发送',
    required: '必填',
    response: '响应',
    operations: 'API 接口',
    find: '查找接口',
    jsonBody: 'JSON 请求体',
    editJson: '以 JSON 编辑',
    confirmDelete: '确定删除？',
    confirmChange: '确定修改数据？',
    cancel: '取消',
    delete: '删除',
    emulator: '内置模拟器',
    history: '本标签页最近的调用',
    offline: '你已离线：请求没有发出。',
    skip: '跳到表单',
    fromSession: '你的 login，取自当前会话',
    useAsBookId: '用作 book_id',
    keptForBookId: '✓ 已留给 book_id',
    target: (name: string) => `目标：“${name}”`,
  },
} as const

export const words = (lang: Lang) => WORDS[lang]

/**
 * A parameter's field, by its accessible name: a textbox, or a combobox (a select for an enum,
 * an input with seen values to offer).
 */
export function param(page: Page, lang: Lang, name: string, where: 'path' | 'query') {
  const label = `${name} ${WORDS[lang][where]}`
  return page
    .getByRole('textbox', { name: label, exact: true })
    .or(page.getByRole('combobox', { name: label, exact: true }))
}

export const sendButton = (page: Page, lang: Lang) =>
  page.getByRole('button', { name: WORDS[lang].send, exact: true })

export const response = (page: Page, lang: Lang) =>
  page.getByRole('region', { name: WORDS[lang].response, exact: true })

/** The operation's form is on screen: its heading names the request line. */
export async function formOf(page: Page, requestLine: string) {
  await expect(
    page.getByRole('heading', { level: 2, name: requestLine, exact: true }),
  ).toBeVisible()
}
