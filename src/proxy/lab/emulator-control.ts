/**
 * The flow lab's client of the embedded emulator's test-control API (docs/emulator.md#test-control):
 * its settings, clock, PKCE mode, faults and revocation, at the origin of the app the run uses
 * (the emulator's, or an enterprise space's subdomain of it: src/protocol/space-host.ts, where
 * revocation and faults act on that space). Every call carries `X-Emulator-Control: 1` and a JSON
 * content type, as the emulator requires (docs/security.md#em1); the proxy never forwards either
 * header from a browser (docs/security.md#the-flow-labs-test-control).
 */
import { z } from 'zod/mini'
import { LAB_PROFILES } from '../../protocol/lab-api'
import { MAX_UPSTREAM_BYTES } from '../context'
import type { Upstream } from '../api/upstream'
import { parseJsonOrUndefined } from '../json-body'

/** The header a tagged fault waits for: it is served only to a request carrying its tag. */
export const FAULT_TAG_HEADER = 'X-Emulator-Fault-Tag'

const SettingsSchema = z.object({
  profile: z.enum(LAB_PROFILES),
  pkce: z.enum(['off', 'optional', 'required']),
  now: z.string(),
})
export type EmulatorSettings = z.infer<typeof SettingsSchema>
export type PkceMode = EmulatorSettings['pkce']

/** A fault queued for this run only (docs/emulator.md#test-control, `POST /faults`). */
export interface TaggedFault {
  path: string
  method: 'GET' | 'POST'
  status?: number
  body?: unknown
  delayMs?: number
  drop?: boolean
  tag: string
}

/** The test-control API refused a call or did not answer; the run cannot go on. */
export class ControlError extends Error {
  override readonly name = 'ControlError'
}

export interface EmulatorControl {
  readonly origin: string
  settings(): Promise<EmulatorSettings>
  /** Moves the emulator's clock (the whole emulator's, every tenant's) by `ms`. */
  advanceClock(ms: number): Promise<void>
  setPkce(mode: PkceMode): Promise<void>
  /** True when the token was known to the emulator. */
  revoke(token: string): Promise<boolean>
  queueFault(fault: TaggedFault): Promise<void>
  /** Drops this tag's faults that are still queued (none other). */
  clearFaults(tag: string): Promise<void>
}

export function createEmulatorControl(
  upstream: Upstream,
  origin: URL,
  timeoutMs: number,
): EmulatorControl {
  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<unknown> {
    const url = new URL(`/__emulator${path}`, origin)
    let response
    try {
      response = await upstream({
        method,
        url,
        headers: {
          'X-Emulator-Control': '1',
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        timeoutMs,
        maxBytes: MAX_UPSTREAM_BYTES,
      })
    } catch (error) {
      throw new ControlError(
        `The emulator's test control did not answer ${method} /__emulator${path} (${error instanceof Error ? error.message : 'no answer'}).`,
      )
    }
    const json = parseJsonOrUndefined(response.body)
    if (response.status >= 300) {
      const message =
        typeof json === 'object' && json !== null && 'message' in json
          ? String(json.message).slice(0, 200)
          : `HTTP ${response.status}`
      throw new ControlError(
        `The emulator's test control refused ${method} /__emulator${path}: ${message}`,
      )
    }
    return json
  }

  return {
    origin: origin.origin,
    async settings() {
      const parsed = z.safeParse(SettingsSchema, await call('GET', '/settings'))
      if (!parsed.success) {
        throw new ControlError(
          "The emulator's settings (GET /__emulator/settings) are not {profile, pkce, now}.",
        )
      }
      return parsed.data
    },
    async advanceClock(ms) {
      await call('POST', '/clock', { advanceMs: ms })
    },
    async setPkce(mode) {
      await call('POST', '/pkce', { mode })
    },
    async revoke(token) {
      const answer = await call('POST', '/revoke', { token })
      return (
        typeof answer === 'object' &&
        answer !== null &&
        'revoked' in answer &&
        answer.revoked === true
      )
    },
    async queueFault(fault) {
      await call('POST', '/faults', fault)
    },
    async clearFaults(tag) {
      await call('DELETE', `/faults?tag=${encodeURIComponent(tag)}`)
    },
  }
}
