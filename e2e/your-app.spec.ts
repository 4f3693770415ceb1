/**
 * Your own app (docs/decisions/0015-your-own-app.md), as a developer brings it: an OAuth app
 * registered at run time in the emulator with a random secret stands in for "my app at Yuque".
 * Saved on the Your app page with real key events, it is the app of the login, the profile, the
 * explorer and the session, until Forget brings the playground's own app back. A personal token
 * minted by the emulator connects without OAuth the same way.
 *
 * These journeys run on a server of their own (dist/server.js, built by the suite's first web
 * server) whose output the test reads whole: neither the secret nor a token may appear in any
 * answer of the app, its HTML, the browser's storage or a line of the server's log.
 */
import { randomBytes } from 'node:crypto'
import type { APIRequestContext, BrowserContext, Page, Response } from '@playwright/test'
import { startProcess, waitForHttp, type RunningProcess } from '../scripts/cluster/processes'
import { CONTROL_HEADERS } from '../src/emulator/control/test-control'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/protocol/playground-api'
import { demoUser, expect, test } from './support/fixtures'
import { E2E_BYO_APP_PORT, E2E_BYO_EMULATOR_PORT, E2E_SESSION_SECRET } from './support/ports'

const ORIGIN = `http://localhost:${E2E_BYO_APP_PORT}`
const EMULATOR = `http://127.0.0.1:${E2E_BYO_EMULATOR_PORT}`
const DEFAULT_CLIENT_ID = 'playground-web'

let server: RunningProcess
/** Everything the server wrote, whole (RunningProcess keeps only its last 64 kB). */
let serverOutput = ''

test.beforeAll(async () => {
  server = startProcess('your-app server', process.execPath, ['dist/server.js'], {
    env: {
      APP_ORIGIN: ORIGIN,
      EMULATOR_PORT: String(E2E_BYO_EMULATOR_PORT),
      EMULATOR_TEST_CONTROL: '1',
      SESSION_SECRET: E2E_SESSION_SECRET,
      LOGIN_RATE_LIMIT: '99999',
      CLIENT_CODE_START_LIMIT: '1000',
      YUQUE_AUTH_URL: '',
      YUQUE_BASE_URL: '',
      YUQUE_CLIENT_ID: '',
      YUQUE_CLIENT_SECRET: '',
    },
  })
  for (const stream of [server.child.stdout, server.child.stderr])
    stream?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()))
  await waitForHttp(`${ORIGIN}/healthz`, server, { timeoutMs: 60_000 })
})

test.afterAll(async () => {
  await server.stop()
})

test.beforeEach(async ({ request }) => {
  const reset = await request.post(`${EMULATOR}/__emulator/reset`, { headers: CONTROL_HEADERS })
  expect(reset.status()).toBe(200)
})

interface OwnApp {
  clientId: string
  clientSecret: string
  name: string
}

/** "My app at Yuque": registered in this server's emulator, its secret random. */
async function registerApp(request: APIRequestContext, redirectUris: string[]): Promise<OwnApp> {
  const suffix = randomBytes(4).toString('hex')
  const app = {
    clientId: `my-app-${suffix}`,
    clientSecret: `s3cret-${randomBytes(16).toString('hex')}`,
    name: `My App ${suffix}`,
  }
  const response = await request.post(`${EMULATOR}/__emulator/apps`, {
    headers: CONTROL_HEADERS,
    data: { ...app, redirectUris },
  })
  expect(response.status(), await response.text()).toBe(201)
  return app
}

/** Every answer of the app's origin, its headers and body, as the browser received them. */
function recordAnswers(page: Page): string[] {
  const seen: string[] = []
  page.on('response', (response: Response) => {
    if (!response.url().startsWith(ORIGIN)) return
    void (async () => {
      const headers = JSON.stringify(await response.allHeaders())
      const body = await response.text().catch(() => '')
      seen.push(`${response.url()}\n${headers}\n${body}`)
    })()
  })
  return seen
}

/** Types as a person does: a click into the field, then one key event per character. */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true })
  await field.click()
  await field.pressSequentially(text)
  await expect(field).toHaveValue(text)
}

async function saveApp(page: Page, app: OwnApp): Promise<void> {
  await page.goto(`${ORIGIN}/app`)
  await expect(page.getByRole('heading', { level: 1, name: 'Your app' })).toBeVisible()
  await page.getByRole('radio', { name: 'The embedded emulator' }).check()
  await typeInto(page, 'Client ID', app.clientId)
  await typeInto(page, 'Client Secret', app.clientSecret)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText(`Saved, ending in …${app.clientSecret.slice(-4)}`)).toBeVisible()
  // The secret field is emptied: the page holds the secret nowhere once it is sent.
  await expect(page.getByLabel('Client Secret', { exact: true })).toHaveCount(0)
}

/** Connect with the scopes preselected, sign in as Alice, authorize `appName`. */
async function logInWith(page: Page, appName: string): Promise<void> {
  await page.goto(`${ORIGIN}/`)
  await page.getByRole('button', { name: /^Connect( again)?$/ }).click()
  await page.waitForURL((url) => url.origin === EMULATOR)
  await page.getByRole('button', { name: `Sign in as ${demoUser('alice').name} (@alice)` }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Authorize ${appName}` })).toBeVisible()
  await page.getByRole('button', { name: 'Authorize', exact: true }).click()
  await page.waitForURL((url) => url.origin === ORIGIN && url.pathname !== '/callback')
}

/** What the browser keeps of its own: web storage and cookies (sealed values). */
async function browserStorage(page: Page, context: BrowserContext): Promise<string> {
  const storage = await page.evaluate(() =>
    JSON.stringify({ ...window.sessionStorage, ...window.localStorage }),
  )
  return `${storage}\n${JSON.stringify(await context.cookies())}`
}

function expectNowhere(haystacks: string[], secrets: string[]): void {
  const everything = haystacks.join('\n')
  for (const secret of secrets) {
    expect(everything, 'a secret or token reached the browser or the log').not.toContain(secret)
    expect(everything).not.toContain(encodeURIComponent(secret))
  }
}

test.describe('Your own app', () => {
  test('is saved with real key events, logs in, reads the profile and the API, and Forget brings the default back; its secret shows nowhere', async ({
    page,
    context,
    request,
  }) => {
    const app = await registerApp(request, [`${ORIGIN}/callback`])
    const answers = recordAnswers(page)
    const logStart = serverOutput.length

    await saveApp(page, app)
    await expect(page.getByText(app.clientId).first()).toBeVisible()

    // The connect page's preview sends the saved client id.
    await page.goto(`${ORIGIN}/`)
    await expect(page.getByRole('heading', { level: 1, name: 'Connect an account' })).toBeVisible()
    await expect(page.getByText(app.clientId).first()).toBeVisible()

    await logInWith(page, app.name)
    await page.goto(`${ORIGIN}/me`)
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible()
    await expect(page.getByText(demoUser('alice').name).first()).toBeVisible()

    // The explorer calls the service with the token of my app's login.
    await page.goto(`${ORIGIN}/explore?op=user.me`)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const answer = page.getByRole('region', { name: 'Response', exact: true })
    await expect(answer.getByRole('heading', { level: 3 })).toContainText('HTTP 200')
    await expect(answer).toContainText('"login": "alice"')
    // The service saw the login under the saved app's id.
    const log = await request.get(`${EMULATOR}/__emulator/log`, { headers: CONTROL_HEADERS })
    expect(await log.text()).toContain(`"clientId":"${app.clientId}"`)

    // Forget: the playground's own app is back, the session made with mine has ended.
    await page.goto(`${ORIGIN}/app`)
    await page.getByRole('button', { name: 'Forget', exact: true }).first().click()
    await page.getByRole('button', { name: 'Yes, forget it' }).click()
    await expect(
      page.getByText('Forgotten: the playground’s own app is in use again.'),
    ).toBeVisible({ timeout: 15_000 })
    await page.goto(`${ORIGIN}/`)
    await expect(page.getByText(DEFAULT_CLIENT_ID).first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible()

    const html = await page.content()
    const storage = await browserStorage(page, context)
    // The answers were recorded as they came: wait until the last ones are read.
    await expect.poll(() => answers.length, { timeout: 10_000 }).toBeGreaterThan(10)
    // The scan sees the answers that speak of the app: its id is in them, its secret is not.
    expect(answers.join('\n')).toContain(app.clientId)
    expectNowhere([...answers, html, storage, serverOutput.slice(logStart)], [app.clientSecret])
    // The journey was logged: the scan had lines to look through.
    expect(serverOutput.slice(logStart)).toContain('/auth/app')
  })

  test('a personal token connects without OAuth, and is kept out of every answer and log line', async ({
    page,
    context,
    request,
  }) => {
    const minted = await request.post(`${EMULATOR}/__emulator/tokens`, {
      headers: CONTROL_HEADERS,
      data: { login: 'bob', scopes: ['repo:read'] },
    })
    expect(minted.status(), await minted.text()).toBe(201)
    const { access_token: token } = (await minted.json()) as { access_token: string }
    const answers = recordAnswers(page)
    const logStart = serverOutput.length

    await page.goto(`${ORIGIN}/app`)
    await expect(page.getByRole('heading', { level: 1, name: 'Your app' })).toBeVisible()
    await page.getByRole('radio', { name: 'The embedded emulator' }).check()
    await typeInto(page, 'Personal token', token)
    await page.getByRole('button', { name: 'Check', exact: true }).click()
    await expect(page.getByText(`Token checked: connected as bob.`)).toBeVisible({
      timeout: 15_000,
    })
    await expect(page.getByText(`Token ending in …${token.slice(-4)}`)).toBeVisible()

    await page.goto(`${ORIGIN}/me`)
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible()
    await expect(page.getByText(demoUser('bob').name).first()).toBeVisible()

    await page.goto(`${ORIGIN}/app`)
    await page.getByRole('button', { name: 'Forget', exact: true }).last().click()
    await expect(page.getByText('Token forgotten.')).toBeVisible({ timeout: 15_000 })

    const html = await page.content()
    const storage = await browserStorage(page, context)
    await expect.poll(() => answers.length, { timeout: 10_000 }).toBeGreaterThan(5)
    expect(answers.join('\n')).toContain(`…${token.slice(-4)}`)
    expectNowhere([...answers, html, storage, serverOutput.slice(logStart)], [token])
  })

  test('its own client-code app signs the no-server flow, which connects this browser', async ({
    page,
    context,
    request,
  }) => {
    const app = await registerApp(request, [`${ORIGIN}/callback`])
    const codeApp = await registerApp(request, [])
    await page.goto(`${ORIGIN}/app`)
    await page.getByRole('radio', { name: 'The embedded emulator' }).check()
    await typeInto(page, 'Client ID', app.clientId)
    await typeInto(page, 'Client Secret', app.clientSecret)
    await page.getByText('Optional: a no-server app (client code)').click()
    await typeInto(page, 'Its Client ID', codeApp.clientId)
    await typeInto(page, 'Its Client Secret', codeApp.clientSecret)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByText('Saved.', { exact: true })).toBeVisible({ timeout: 15_000 })

    await page.goto(`${ORIGIN}/`)
    const newTab = context.waitForEvent('page')
    await page.getByRole('button', { name: 'No-server app (client code)' }).click()
    const authorizePage = await newTab
    await authorizePage.waitForURL((url) => url.origin === EMULATOR)
    await authorizePage
      .getByRole('button', { name: `Sign in as ${demoUser('bob').name} (@bob)` })
      .click()
    await expect(
      authorizePage.getByRole('heading', { level: 1, name: `Authorize ${codeApp.name}` }),
    ).toBeVisible()
    await authorizePage.getByRole('button', { name: 'Authorize', exact: true }).click()
    await expect(
      authorizePage.getByRole('heading', { level: 1, name: `${codeApp.name} is authorized` }),
    ).toBeVisible()
    // The waiting tab's next poll, signed with the saved client-code secret, connects it.
    await expect(page).toHaveURL(`${ORIGIN}/me`, { timeout: 20_000 })
    await expect(page.getByRole('banner').getByText(demoUser('bob').name)).toBeVisible()
    const log = await request.get(`${EMULATOR}/__emulator/log`, { headers: CONTROL_HEADERS })
    expect(await log.text()).toContain(`"clientId":"${codeApp.clientId}"`)
  })

  test('an enterprise space: its own tenant of the emulator, on its own host, with its own accounts', async ({
    page,
  }) => {
    const spaceOrigin = `http://acme.localhost:${E2E_BYO_EMULATOR_PORT}`
    await page.goto(`${ORIGIN}/app`)
    await page.getByRole('radio', { name: 'An enterprise space' }).check()
    await typeInto(page, 'The space’s address', 'acme')
    // The seed space registers the playground's web app as the main site does
    // (docs/emulator.md#enterprise-spaces).
    await typeInto(page, 'Client ID', 'playground-web')
    await typeInto(page, 'Client Secret', 'playground-web-secret')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByText('Saved.', { exact: true })).toBeVisible({ timeout: 15_000 })

    await page.goto(`${ORIGIN}/`)
    await page.getByRole('button', { name: /^Connect( again)?$/ }).click()
    await page.waitForURL((url) => url.origin === spaceOrigin)
    await expect(page.getByText('Acme Corp').first()).toBeVisible()
    await page.getByRole('button', { name: 'Sign in as Alice Chen (@alice)' }).click()
    await page.getByRole('button', { name: 'Authorize', exact: true }).click()
    await page.waitForURL((url) => url.origin === ORIGIN && url.pathname !== '/callback')
    // The space's alice is an account of its own, not the main site's.
    const me = await page.evaluate(
      async ([header, value]) => {
        const response = await fetch('/api/v2/user', { headers: { [header]: value } })
        return (await response.json()) as { data: { id: number; login: string } }
      },
      [CSRF_HEADER, CSRF_HEADER_VALUE] as const,
    )
    expect(me.data.login).toBe('alice')
    expect(me.data.id).not.toBe(demoUser('alice').id)
  })

  test('two browsers with two apps at once each see and use only their own', async ({
    browser,
    request,
  }) => {
    const apps = [
      await registerApp(request, [`${ORIGIN}/callback`]),
      await registerApp(request, [`${ORIGIN}/callback`]),
    ]
    const contexts = [await browser.newContext(), await browser.newContext()]
    try {
      const pages = [await contexts[0]!.newPage(), await contexts[1]!.newPage()]
      await saveApp(pages[0]!, apps[0]!)
      await saveApp(pages[1]!, apps[1]!)
      for (const [index, page] of pages.entries()) {
        const own = apps[index]!
        const other = apps[1 - index]!
        await logInWith(page, own.name)
        await page.goto(`${ORIGIN}/app`)
        await expect(page.getByText(own.clientId).first()).toBeVisible()
        await expect(page.getByText(other.clientId)).toHaveCount(0)
      }
    } finally {
      for (const context of contexts) await context.close()
    }
  })
})
