/**
 * Types for the parts of `@yuque/sdk` 1.x (plain JavaScript, no types of its own) that
 * compat.test.ts uses, written from its lib/*.js. The SDK is a devDependency used only there.
 */
declare module '@yuque/sdk' {
  interface YuqueOptions {
    token: string
    /** Default `https://www.yuque.com/api/v2/`; paths are appended as-is, so keep the slash. */
    endpoint?: string
    /** Default `@yuque/sdk`. */
    userAgent?: string
    /** Default options of urllib's `request`, merged under each call's own. */
    requestOpts?: Record<string, unknown>
  }

  class Client {
    options: Required<Pick<YuqueOptions, 'endpoint' | 'token' | 'userAgent'>> & YuqueOptions
    /**
     * GET unless `opts.method` says otherwise; `api` must not start with `/`. Resolves the body's
     * `data` on 200; otherwise throws an Error with the body's `message`, `status` (or the HTTP
     * status) and `code`.
     */
    request(api: string, opts?: { method?: string; data?: unknown }): Promise<unknown>
  }

  class Yuque {
    constructor(options: YuqueOptions)
    _client: Client
    users: { get(args?: { login?: string }): Promise<unknown> }
    repos: {
      list(args: { user?: string; group?: string; data?: unknown }): Promise<unknown>
      create(args: { user?: string; group?: string; data: unknown }): Promise<unknown>
      get(args: { namespace: string | number; data?: unknown }): Promise<unknown>
      update(args: { namespace: string | number; data: unknown }): Promise<unknown>
      delete(args: { namespace: string | number }): Promise<unknown>
      getTOC(args: { namespace: string | number }): Promise<unknown>
    }
    docs: {
      list(args: { namespace: string | number }): Promise<unknown>
      get(args: {
        namespace: string | number
        slug: string | number
        data?: unknown
      }): Promise<unknown>
      create(args: { namespace: string | number; data: unknown }): Promise<unknown>
      update(args: {
        namespace: string | number
        id: string | number
        data: unknown
      }): Promise<unknown>
      delete(args: { namespace: string | number; id: string | number }): Promise<unknown>
    }
    groups: {
      list(args?: { login?: string }): Promise<unknown>
      create(args: { data: unknown }): Promise<unknown>
      get(args: { login: string }): Promise<unknown>
      update(args: { login: string; data: unknown }): Promise<unknown>
      delete(args: { login: string }): Promise<unknown>
      listUser(args: { login: string }): Promise<unknown>
      addUser(args: { group: string; user: string; data?: unknown }): Promise<unknown>
      removeUser(args: { group: string; user: string }): Promise<unknown>
    }
  }

  export = Yuque
}
