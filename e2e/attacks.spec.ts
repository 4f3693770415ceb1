/**
 * Attack scenarios from another site (issue 6, checklist E1–E4 and G3): the attacker's pages are
 * served on 127.0.0.1 at a port of their own, cross-site to the app on localhost.
 */
import type { ConsoleMessage } from '@playwright/test'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/protocol/playground-api'
import { E2E_APP_ORIGIN, E2E_EMULATOR_ORIGIN } from './support/ports'
import { APP_NAME, DEMO_USERS, connectAs, expect, sessionOf, test } from './support/fixtures'

const AUTHORIZE_URL = `${E2E_EMULATOR_ORIGIN}/oauth2/authorize?${new URLSearchParams({
  client_id: 'playground-web',
  redirect_uri: `${E2E_APP_ORIGIN}/callback`,
  response_type: 'code',
  scope: 'doc',
  state: 'attacker-state-0123456789',
})}`

/** Chromium: "Framing '<origin>/' violates the following Content Security Policy directive: "frame-ancestors 'none'"…" */
const isFramingRefusal = (message: ConsoleMessage) =>
  /^Framing '.*' violates .*"frame-ancestors 'none'"/.test(message.text())

test.describe('Attacks from another site', () => {
  test('the consent page and the app inside an attacker’s iframe never show (clickjacking)', async ({
    browser,
    attacker,
    emulator,
  }) => {
    // Chromium reports a refused frame as a CSP error in the console, which the suite's guard
    // counts as a violation; here that refusal is the expected outcome, so this context is the
    // test's own, and the refusal is asserted instead.
    const context = await browser.newContext()
    const page = await context.newPage()
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })

    // The victim is signed in at the service: framed, the consent form would be one click away.
    await page.goto(AUTHORIZE_URL)
    await page.getByRole('button', { name: `Sign in as ${DEMO_USERS.alice.name} (@alice)` }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: `Authorize ${APP_NAME}` }),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Authorize', exact: true })).toBeVisible()

    attacker.page(
      '/win-a-prize',
      `<!doctype html><title>Win a prize</title><h1>Click the button to win</h1>
       <iframe id="consent" src="${AUTHORIZE_URL}" width="800" height="600"></iframe>
       <iframe id="app" src="${E2E_APP_ORIGIN}/me" width="800" height="600"></iframe>`,
    )
    const refusals: string[] = []
    page.on('console', (message) => {
      if (isFramingRefusal(message)) refusals.push(message.text())
    })
    await page.goto(`${attacker.origin}/win-a-prize`)
    await expect(page.getByRole('heading', { name: 'Click the button to win' })).toBeVisible()
    await expect.poll(() => refusals.length).toBe(2)
    expect(refusals.some((text) => text.includes(E2E_EMULATOR_ORIGIN))).toBe(true)
    expect(refusals.some((text) => text.includes(E2E_APP_ORIGIN))).toBe(true)

    for (const id of ['consent', 'app']) {
      const frame = page.frameLocator(`#${id}`)
      await expect(frame.getByRole('heading')).toHaveCount(0)
      await expect(frame.getByRole('button')).toHaveCount(0)
    }
    expect(
      page
        .frames()
        .slice(1)
        .map((frame) => frame.url()),
    ).not.toContain(AUTHORIZE_URL)
    const decisions = (await emulator.log()).filter(
      (entry) => entry.path === '/oauth2/authorize/decision',
    )
    expect(decisions).toEqual([])
    expect(dialogs).toEqual([])
    await context.close()
  })

  test('cross-site form posts and credentialed fetches to logout, exchange and the API are refused, and the session survives', async ({
    page,
    attacker,
    emulator,
  }) => {
    await connectAs(page, { login: 'alice', scopes: ['doc:read'] })
    await expect(page.getByRole('article', { name: 'Alice Chen' })).toBeVisible()
    const apiCallsBefore = (await emulator.log()).filter((e) => e.path.startsWith('/api/')).length

    // What a malicious page can do: fetches with the victim's cookies (simple and preflighted),
    // a no-cors fetch, then form posts, the classic CSRF.
    attacker.page(
      '/csrf',
      `<!doctype html><title>Nice page</title><pre id="results"></pre>
       <form id="logout" method="POST" action="${E2E_APP_ORIGIN}/auth/logout">
         <input type="hidden" name="x" value="1"></form>
       <script>
         const app = ${JSON.stringify(E2E_APP_ORIGIN)}
         const attempts = [
           ['POST /auth/logout', app + '/auth/logout', { method: 'POST' }],
           ['POST /auth/logout with the custom header', app + '/auth/logout', {
             method: 'POST',
             headers: { 'Content-Type': 'application/json', ${JSON.stringify(CSRF_HEADER)}: ${JSON.stringify(CSRF_HEADER_VALUE)} },
             body: '{}',
           }],
           ['POST /auth/exchange', app + '/auth/exchange', {
             method: 'POST', body: JSON.stringify({ code: 'stolen', state: 'forged' }),
           }],
           ['GET /api/v2/user', app + '/api/v2/user', {}],
           ['GET /api/v2/user with the custom header', app + '/api/v2/user', {
             headers: { ${JSON.stringify(CSRF_HEADER)}: ${JSON.stringify(CSRF_HEADER_VALUE)} },
           }],
         ]
         ;(async () => {
           const results = {}
           for (const [name, url, init] of attempts) {
             try {
               const response = await fetch(url, { ...init, credentials: 'include' })
               results[name] = 'read ' + response.status + ': ' + (await response.text())
             } catch (error) {
               results[name] = 'refused: ' + error.name
             }
           }
           const opaque = await fetch(app + '/api/v2/user', { credentials: 'include', mode: 'no-cors' })
           results['no-cors GET /api/v2/user'] =
             opaque.type + ' ' + opaque.status + ' "' + (await opaque.text()) + '"'
           document.getElementById('results').textContent = JSON.stringify(results)
         })()
       </script>`,
    )
    const victimTab = await page.context().newPage()
    await victimTab.goto(`${attacker.origin}/csrf`)
    const results = JSON.parse(
      (await victimTab.locator('#results').filter({ hasText: '{' }).textContent()) ?? '{}',
    ) as Record<string, string>
    expect(results).toEqual({
      'POST /auth/logout': 'refused: TypeError',
      'POST /auth/logout with the custom header': 'refused: TypeError',
      'POST /auth/exchange': 'refused: TypeError',
      'GET /api/v2/user': 'refused: TypeError',
      'GET /api/v2/user with the custom header': 'refused: TypeError',
      'no-cors GET /api/v2/user': 'opaque 0 ""',
    })

    // The form post navigates the tab to the proxy's refusal.
    await victimTab.locator('#logout').evaluate((form: HTMLFormElement) => form.submit())
    await victimTab.waitForURL(`${E2E_APP_ORIGIN}/auth/logout`)
    await expect(victimTab.locator('body')).toContainText('"status":403')

    // An exchange smuggled as a text/plain form that looks like JSON: refused as well.
    attacker.page(
      '/csrf-exchange',
      `<!doctype html><form id="f" method="POST" enctype="text/plain" action="${E2E_APP_ORIGIN}/auth/exchange">
         <input name='{"code":"stolen","state":"forged","x":"' value='"}'></form>
       <script>document.getElementById('f').submit()</script>`,
    )
    await victimTab.goto(`${attacker.origin}/csrf-exchange`)
    await victimTab.waitForURL(`${E2E_APP_ORIGIN}/auth/exchange`)
    await expect(victimTab.locator('body')).toContainText('"status":403')
    await victimTab.close()

    // Nothing reached the service, and the victim is still connected.
    const apiCallsAfter = (await emulator.log()).filter((e) => e.path.startsWith('/api/')).length
    expect(apiCallsAfter).toBe(apiCallsBefore)
    expect(await emulator.tokenCalls()).toHaveLength(1)
    expect(await sessionOf(page)).toMatchObject({ connected: true })
    await page.reload()
    await expect(page.getByRole('article', { name: 'Alice Chen' })).toBeVisible()
  })
})
