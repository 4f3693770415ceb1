/**
 * One call of every method of the official SDK (`@yuque/sdk`), for the tests that prove each
 * reaches an operation the emulator knows: src/emulator/compat.test.ts in process, and
 * scripts/emulator-adoption.test.ts against the package installed in a fresh project.
 */
import type Yuque from '@yuque/sdk'

/**
 * Every method of every resource of the SDK, with arguments naming nothing that exists where it
 * would change something: each reaches an operation the emulator knows (its own answer, a record
 * not found, or 501), never the plain 404 of a path it does not know.
 */
export const EVERY_SDK_CALL: Record<string, (c: Yuque) => Promise<unknown>> = {
  'users.get': (c) => c.users.get({ login: 'bob' }),
  'groups.list': (c) => c.groups.list({ login: 'bob' }),
  'groups.create': (c) => c.groups.create({ data: { name: 'X', login: 'x' } }),
  'groups.get': (c) => c.groups.get({ login: 'nobody' }),
  'groups.update': (c) => c.groups.update({ login: 'nobody', data: {} }),
  'groups.delete': (c) => c.groups.delete({ login: 'nobody' }),
  'groups.listUser': (c) => c.groups.listUser({ login: 'nobody' }),
  'groups.addUser': (c) => c.groups.addUser({ group: 'nobody', user: 'bob', data: { role: 1 } }),
  'groups.removeUser': (c) => c.groups.removeUser({ group: 'nobody', user: 'bob' }),
  'repos.list': (c) => c.repos.list({ user: 'bob' }),
  'repos.create': (c) => c.repos.create({ user: 'nobody', data: { name: 'X', slug: 'x' } }),
  'repos.get': (c) => c.repos.get({ namespace: 'nobody/x' }),
  'repos.update': (c) => c.repos.update({ namespace: 'nobody/x', data: { name: 'X' } }),
  'repos.delete': (c) => c.repos.delete({ namespace: 'nobody/x' }),
  'repos.getTOC': (c) => c.repos.getTOC({ namespace: 'nobody/x' }),
  'docs.list': (c) => c.docs.list({ namespace: 'nobody/x' }),
  'docs.get': (c) => c.docs.get({ namespace: 'nobody/x', slug: 'y' }),
  'docs.create': (c) => c.docs.create({ namespace: 'nobody/x', data: { body: 'x' } }),
  'docs.update': (c) => c.docs.update({ namespace: 'nobody/x', id: 'y', data: { body: 'x' } }),
  'docs.delete': (c) => c.docs.delete({ namespace: 'nobody/x', id: 'y' }),
}

/** The methods the SDK has, `resource.method`, sorted: read from its classes, not listed. */
export function sdkMethods(client: Yuque): string[] {
  const resources = {
    users: client.users,
    groups: client.groups,
    repos: client.repos,
    docs: client.docs,
  }
  return Object.entries(resources)
    .flatMap(([name, resource]) =>
      Object.getOwnPropertyNames(Object.getPrototypeOf(resource))
        .filter((method) => method !== 'constructor')
        .map((method) => `${name}.${method}`),
    )
    .sort()
}

/** Each call of EVERY_SDK_CALL, one after the other: `answered`, or the SDK's error message. */
export async function callEverySdkMethod(client: Yuque): Promise<[string, string][]> {
  const outcomes: [string, string][] = []
  for (const [name, call] of Object.entries(EVERY_SDK_CALL)) {
    const outcome = await call(client).then(
      () => 'answered',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    )
    outcomes.push([name, outcome])
  }
  return outcomes
}
