/**
 * The flow lab's user agent: it drives the service's real pages as the user's browser would,
 * for one run, with a cookie jar of its own (the lab acts on nobody's session). It opens the
 * authorize URL (a redirect is read, never followed: the run's client decides what to do with
 * it), signs in as the demo user with the demo form the sign-in page itself offers (the proxy
 * imports nothing of the emulator: docs/decisions/0002-import-boundaries.md), and approves or
 * denies on the consent page with its hidden fields. Every page call is a recorded step
 * (recorder.ts); the cookies, form tokens and the demo user's secret are noted as secrets.
 */
import { parseForms, type ParsedForm } from '../../protocol/html-forms'
import { PLACEHOLDERS, type TraceField } from '../../protocol/trace'
import type { LabParam, Outgoing, Recorder, Sent } from './recorder'

/** The demo user the lab signs in as: every tenant of the emulator seeds one. */
export const LAB_LOGIN = 'alice'

/** Where the service sent the browser, or what it showed instead. */
export type PageOutcome =
  /** A redirect back to the client: its status and `Location` (code, state, error). */
  | { kind: 'redirect'; status: number; location: URL }
  /** An error page: no redirect, so nothing goes back to the client (RFC 6749 §4.1.2.1). */
  | { kind: 'error-page'; status: number }
  /** The consent page shown, left undecided (the client-code flow's pending case). */
  | { kind: 'consent-shown' }
  /** A page after the decision that goes nowhere (the client-code flow's result page). */
  | { kind: 'result-page'; status: number }

export type Decision = 'approve' | 'deny' | 'none'

/** A lab-run failure of the pages themselves (not what a scenario tests). */
export class PageError extends Error {
  override readonly name = 'PageError'
}

const HIDDEN_NOTE = 'A hidden field of the page’s form (its CSRF token or its pending request).'

/** A form's fields as a browser submits them: hidden ones, checked boxes, then `extra`. */
function submission(form: ParsedForm, extra: [string, string][]): [string, string][] {
  const fields = form.fields
    .filter((field) => field.type === 'hidden' || (field.type === 'checkbox' && field.checked))
    .map((field): [string, string] => [field.name, field.value])
  return [...fields, ...extra]
}

export class UserAgent {
  private readonly cookies = new Map<string, string>()
  /** The consent form's CSRF token, which signs out too. */
  private sessionCsrf: string | null = null

  constructor(
    private readonly rec: Recorder,
    private readonly origin: URL,
    private readonly userAgent: string,
  ) {}

  private headers(): Record<string, string> {
    const headers: Record<string, string> = {
      Accept: 'text/html',
      'Accept-Language': 'en',
      'User-Agent': this.userAgent,
    }
    if (this.cookies.size > 0) {
      headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    }
    return headers
  }

  private keepCookies(sent: Sent): void {
    if (!sent.ok) return
    const header = sent.response.headers.get('set-cookie')
    if (header === null) return
    // Joined by ", " (undici, Fetch): a comma before `name=` starts the next cookie.
    for (const line of header.split(/,\s*(?=[^;,=\s]+=)/)) {
      const [pair = '', ...attributes] = line.split(';')
      const eq = pair.indexOf('=')
      if (eq <= 0) continue
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      this.rec.secret(value)
      const isGone = value === '' || attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a))
      if (isGone) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  private async page(
    out: Omit<Outgoing, 'headers'>,
  ): Promise<Extract<Sent, { ok: true }> & { html: string }> {
    const sent = await this.rec.send({
      showHeaders: ['Content-Type', 'Location'],
      ...out,
      headers: this.headers(),
    })
    this.keepCookies(sent)
    if (!sent.ok) throw new PageError(`${out.title}: the service did not answer.`)
    const location = sent.response.headers.get('Location')
    if (location !== null && sent.step.response !== undefined) {
      // The step shows where the browser is sent with its secrets as placeholders.
      sent.step.response.headers = sent.step.response.headers.map((field) =>
        field.name === 'Location'
          ? { ...field, value: shownLocation(location, this.origin) }
          : field,
      )
    }
    return { ...sent, html: sent.response.body }
  }

  /**
   * The browser's navigation to `authorize` (its address and parameters), then the pages up to
   * `decision`: where the service sent the browser, or what it showed.
   */
  async authorize(
    authorize: Pick<Outgoing, 'url' | 'params' | 'title' | 'notes'>,
    decision: Decision,
  ): Promise<PageOutcome> {
    const opened = await this.page({
      kind: 'authorize',
      method: 'GET',
      ...authorize,
      notes: [
        'The browser’s navigation to the authorize endpoint (the lab’s own user agent: no redirect is followed).',
        ...(authorize.notes ?? []),
      ],
    })
    const first = this.outcomeOf(opened)
    if (first !== null) return first
    let forms = parseForms(opened.html)
    if (forms.some((form) => form.id === 'sign-in')) {
      const signedIn = await this.signIn(forms)
      const consentAt = signedIn.response.headers.get('Location')
      if (signedIn.response.status !== 303 || consentAt === null) {
        throw new PageError(
          `Signing in as ${LAB_LOGIN} answered HTTP ${signedIn.response.status}, not the consent page.`,
        )
      }
      const consent = await this.open(new URL(consentAt, this.origin), 'Consent page')
      const shown = this.outcomeOf(consent)
      if (shown !== null) return shown
      forms = parseForms(consent.html)
    }
    const form = forms.find((candidate) => candidate.id === 'consent')
    if (form === undefined)
      throw new PageError('The service showed neither a sign-in nor a consent form.')
    const csrf = form.fields.find((field) => field.name === 'csrf')?.value ?? null
    this.sessionCsrf = csrf
    this.rec.secret(...form.fields.filter((f) => f.type === 'hidden').map((f) => f.value))
    if (decision === 'none') return { kind: 'consent-shown' }
    const decided = await this.page({
      kind: 'authorize',
      title: decision === 'approve' ? 'Consent: Approve' : 'Consent: Deny',
      method: 'POST',
      url: new URL(form.action, this.origin),
      params: submission(form, [['decision', decision]]).map(([name, value]) =>
        hiddenParam(form, name, value),
      ),
      notes: [`The user (${LAB_LOGIN}) presses ${decision === 'approve' ? 'Approve' : 'Deny'}.`],
    })
    return this.outcomeOf(decided) ?? { kind: 'result-page', status: decided.response.status }
  }

  /** A page by its address (the consent page after signing in). */
  private open(url: URL, title: string) {
    const params: LabParam[] = [...url.searchParams].map(([name, value]) =>
      name === 'request' ? { name, value, shown: hidden(name) } : { name, value },
    )
    this.rec.secret(url.searchParams.get('request'))
    return this.page({
      kind: 'authorize',
      title,
      method: 'GET',
      url: new URL(url.pathname, url),
      params,
    })
  }

  private async signIn(forms: ParsedForm[]) {
    // The demo user's one-click form: its hidden fields name the user and carry the secret.
    const demo = forms.find(
      (form) =>
        form.action === '/session' &&
        form.fields.some((f) => f.type === 'hidden' && f.name === 'login' && f.value === LAB_LOGIN),
    )
    if (demo === undefined)
      throw new PageError(`The sign-in page offers no demo user "${LAB_LOGIN}".`)
    const fields = submission(demo, [])
    this.rec.secret(
      ...fields.filter(([name]) => name !== 'login' && name !== 'lang').map(([, v]) => v),
    )
    const signedIn = await this.page({
      kind: 'authorize',
      title: `Sign-in page: signed in as ${LAB_LOGIN}`,
      method: 'POST',
      url: new URL(demo.action, this.origin),
      params: fields.map(([name, value]) =>
        name === 'login' || name === 'lang'
          ? { name, value }
          : name === 'password'
            ? { name, value, shown: userSecretField() }
            : hiddenParam(demo, name, value),
      ),
      notes: ['The demo user’s form of the sign-in page, as the user would press it.'],
    })
    return signedIn
  }

  /** A redirect or an error page ends the pages; a 200 page goes on. */
  private outcomeOf(sent: {
    response: { status: number; headers: { get(n: string): string | null } }
  }): PageOutcome | null {
    const { status, headers } = sent.response
    const location = headers.get('Location')
    if (status >= 300 && status < 400 && location !== null) {
      const target = new URL(location, this.origin)
      // Still on the service (sign-in to consent): not a return to the client.
      if (target.origin !== this.origin.origin)
        return { kind: 'redirect', status, location: target }
      return null
    }
    return status === 200 ? null : { kind: 'error-page', status }
  }

  /** Ends the run's sign-in session at the service, if it has one. */
  async signOut(): Promise<void> {
    if (this.sessionCsrf === null || this.cookies.size === 0) return
    await this.page({
      kind: 'session',
      title: 'Signed out of the service’s pages',
      method: 'POST',
      url: new URL('/session/end', this.origin),
      params: [{ name: 'csrf', value: this.sessionCsrf, shown: hidden('csrf') }],
      notes: ['The run’s sign-in session at the service ends with the run.'],
    })
    this.sessionCsrf = null
  }
}

function hidden(name: string): TraceField {
  return { name, value: '$FORM_FIELD', redacted: 'value', note: HIDDEN_NOTE }
}

function hiddenParam(form: ParsedForm, name: string, value: string): LabParam {
  const isHidden = form.fields.some((f) => f.name === name && f.type === 'hidden')
  return isHidden && name !== 'lang' ? { name, value, shown: hidden(name) } : { name, value }
}

function userSecretField(): TraceField {
  return {
    name: 'sign-in secret',
    value: '$DEMO_USER_SECRET',
    redacted: 'pair',
    note: 'The demo user’s secret, taken from the sign-in page’s own demo form; never shown.',
  }
}

/** A `Location` with its code, state and client code as placeholders. */
export function shownLocation(location: string, base: URL): string {
  const url = new URL(location, base)
  const shown = new URL(url.pathname, url)
  for (const [name, value] of url.searchParams) {
    shown.searchParams.append(
      name,
      name === 'code'
        ? PLACEHOLDERS.code
        : name === 'state'
          ? PLACEHOLDERS.state
          : name === 'request'
            ? '$FORM_FIELD'
            : value,
    )
  }
  // URLSearchParams encodes `$`; a placeholder reads better as written.
  return shown.href.replace(/%24/g, '$')
}
