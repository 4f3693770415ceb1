/**
 * Where an enterprise space is answered. Yuque serves each space as its own site on the space's
 * second-level domain, `https://<space>.yuque.com`, with the same `/oauth2` and `/api/v2` as the
 * main site (docs/service.md#enterprise-spaces). The emulator copies that on its own public
 * origin: a space `acme` is `acme.<public host>`, so `http://yuque.test:4010` has
 * `http://acme.yuque.test:4010`. An IP address takes no subdomain, so on an IP-literal public host
 * (the default `http://127.0.0.1:4010`) a space is `acme.localhost:<port>`: browsers and the
 * WHATWG URL standard resolve every `*.localhost` name to loopback (RFC 6761 §6.3), so it needs no
 * DNS entry. Pure, shared by the emulator (which answers the space's Host) and the proxy (which
 * sends a user to the space they pick); docs/emulator.md#enterprise-spaces.
 */

/** A space's label: one DNS label (RFC 1035 §2.3.1), lowercase, as the service writes them. */
const SPACE_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

export const SPACE_LABEL_RULE =
  'a space label is 1 to 63 lowercase letters, digits and "-", neither first nor last "-"'

export function isSpaceLabel(label: string): boolean {
  return SPACE_LABEL.test(label)
}

/** IPv4 as the URL parser writes it (always dotted decimal), or a bracketed IPv6 address. */
function isIpLiteral(hostname: string): boolean {
  return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[')
}

/**
 * What follows a label in a space's host: `.yuque.test:4010` for `http://yuque.test:4010`,
 * `.localhost:4010` for `http://127.0.0.1:4010`. Throws when `publicOrigin` is not a URL.
 */
function spaceHostSuffix(publicOrigin: string): { protocol: string; suffix: string } {
  const url = new URL(publicOrigin)
  const hostname = isIpLiteral(url.hostname) ? 'localhost' : url.hostname
  return { protocol: url.protocol, suffix: `.${hostname}${url.port === '' ? '' : `:${url.port}`}` }
}

/**
 * The origin of the space `label` of the site at `publicOrigin` (an origin such as
 * `http://127.0.0.1:4010`): `http://acme.localhost:4010`, `https://acme.yuque.com`. The label is
 * lowercased (host names are case-insensitive, RFC 4343); one that is not a DNS label throws a
 * RangeError naming it, as does a `publicOrigin` that is not a URL.
 */
export function spaceOrigin(publicOrigin: string, label: string): string {
  const lower = label.toLowerCase()
  if (!isSpaceLabel(lower)) {
    throw new RangeError(`label: "${label.slice(0, 80)}" is not a space label: ${SPACE_LABEL_RULE}`)
  }
  let parts: { protocol: string; suffix: string }
  try {
    parts = spaceHostSuffix(publicOrigin)
  } catch {
    throw new RangeError(`publicOrigin: "${publicOrigin.slice(0, 80)}" is not an origin`)
  }
  return `${parts.protocol}//${lower}${parts.suffix}`
}

/**
 * Whom a request's `Host` addresses: the main site (the public origin's own host), a space it
 * knows, a space-shaped name it does not know (`unknown-space`: the service's 404), or any other
 * name (`foreign`: 421, RFC 9110 §15.5.20). Compared case-insensitively and exactly otherwise: a
 * missing or different port, a trailing dot (`yuque.test.`, another origin to a browser, with its
 * own cookies) or a label with a dot (`a.acme.yuque.test`) is foreign.
 */
export type HostTenant =
  | { kind: 'main' }
  | { kind: 'space'; label: string }
  | { kind: 'unknown-space'; label: string }
  | { kind: 'foreign' }

export function tenantOfHost(
  host: string,
  publicOrigin: string,
  knownSpaces: ReadonlySet<string> | readonly string[],
): HostTenant {
  return hostTenantReader(publicOrigin, knownSpaces)(host)
}

/** `tenantOfHost` for one public origin and set of spaces, parsed once: for a server's every request. */
export function hostTenantReader(
  publicOrigin: string,
  knownSpaces: ReadonlySet<string> | readonly string[],
): (host: string) => HostTenant {
  const mainHost = new URL(publicOrigin).host
  const { suffix } = spaceHostSuffix(publicOrigin)
  const known = new Set(knownSpaces)
  return (host) => {
    const sent = host.toLowerCase()
    if (sent === mainHost) return { kind: 'main' }
    if (!sent.endsWith(suffix)) return { kind: 'foreign' }
    const label = sent.slice(0, -suffix.length)
    if (!isSpaceLabel(label)) return { kind: 'foreign' }
    return known.has(label) ? { kind: 'space', label } : { kind: 'unknown-space', label }
  }
}
