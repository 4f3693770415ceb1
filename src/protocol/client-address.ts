/**
 * The key a throttle counts a client under (docs/security.md#s5). A peer's address as the socket
 * gives it is not one client: `127.0.0.2`, `::1` and `::ffff:127.0.0.1` are all this machine, an
 * IPv4 client reached over a dual-stack socket shows as `::ffff:a.b.c.d`, and one IPv6 host
 * holds a whole /64 (RFC 4291 §2.5.4: the interface identifier is the low 64 bits; RFC 8981 lets
 * a host draw new ones at will). So every throttle of the proxy and the emulator keys on
 * `clientKey`, which folds each of those into one key. Pure, without `node:net`: both servers
 * share it, and the proxy's trusted-proxy ranges are parsed with it too.
 */

/** An address as 16 bytes: IPv6 as it is, IPv4 as its IPv4-mapped form (`::ffff:a.b.c.d`). */
export type AddressBytes = Uint8Array

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/
const HEXTET = /^[0-9a-f]{1,4}$/i

function parseIpv4(text: string): number[] | null {
  const m = IPV4.exec(text)
  if (m === null) return null
  const octets = m.slice(1, 5).map((part) => (part.length > 1 && part[0] === '0' ? NaN : +part))
  return octets.every((n) => n >= 0 && n <= 255) ? octets : null
}

/** The 8 hextets of an IPv6 address (an embedded IPv4 tail allowed), or null. */
function parseIpv6(text: string): number[] | null {
  const halves = text.split('::')
  if (halves.length > 2) return null
  const groups = (part: string) => (part === '' ? [] : part.split(':'))
  const head = groups(halves[0] ?? '')
  const tail = halves.length === 2 ? groups(halves[1] ?? '') : []
  const last = halves.length === 2 ? tail : head
  const v4 = last.length > 0 ? parseIpv4(last[last.length - 1] ?? '') : null
  if (v4 !== null) {
    last.splice(-1, 1, ((v4[0] ?? 0) * 256 + (v4[1] ?? 0)).toString(16))
    last.push(((v4[2] ?? 0) * 256 + (v4[3] ?? 0)).toString(16))
  }
  if (![...head, ...tail].every((group) => HEXTET.test(group))) return null
  const missing = 8 - head.length - tail.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null
  return [...head, ...Array<string>(missing).fill('0'), ...tail].map((g) => parseInt(g, 16))
}

/**
 * Parses an IPv4 or IPv6 address (brackets and an IPv6 zone such as `%eth0` are dropped), or
 * null when `text` is not one.
 */
export function parseAddress(text: string): AddressBytes | null {
  const bare = text.trim().replace(/^\[(.*)\]$/, '$1')
  const v4 = parseIpv4(bare)
  if (v4 !== null) return Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...v4])
  const hextets = parseIpv6(bare.replace(/%[\w.-]+$/, ''))
  if (hextets === null) return null
  return Uint8Array.from(hextets.flatMap((h) => [h >> 8, h & 0xff]))
}

const isV4Mapped = (bytes: AddressBytes) =>
  bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff

/** Whether the first `bits` bits of two addresses agree (a CIDR range's test). */
export function samePrefix(a: AddressBytes, b: AddressBytes, bits: number): boolean {
  for (let i = 0; i < 16 && bits > 0; i += 1, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff
    if (((a[i] ?? 0) & mask) !== ((b[i] ?? 0) & mask)) return false
  }
  return true
}

/** A range such as `10.0.0.0/8`, `fd00::/8` or one address; IPv4 prefixes count from bit 96. */
export interface AddressRange {
  base: AddressBytes
  bits: number
}

/** Parses an address or a CIDR range, or null when `text` is neither. */
export function parseRange(text: string): AddressRange | null {
  const [address = '', prefix, extra] = text.trim().split('/')
  const base = parseAddress(address)
  if (base === null || extra !== undefined) return null
  const isV4 = parseIpv4(address.trim()) !== null
  const max = isV4 ? 32 : 128
  if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return null
  const bits = prefix === undefined ? max : Number(prefix)
  if (bits > max) return null
  return { base, bits: isV4 ? 96 + bits : bits }
}

export const inRange = (address: AddressBytes, range: AddressRange) =>
  samePrefix(address, range.base, range.bits)

/** 127.0.0.0/8 (RFC 1122 §3.2.1.3) and ::1 (RFC 4291 §2.5.3). */
function isLoopback(bytes: AddressBytes): boolean {
  if (isV4Mapped(bytes)) return bytes[12] === 127
  return bytes.slice(0, 15).every((b) => b === 0) && bytes[15] === 1
}

/** What a throttle counts under: one key per client as far as an address can tell clients apart. */
export function clientKey(address: string): string {
  const bytes = parseAddress(address)
  // Not an address (an in-process call has none): kept, bounded, so it still counts as one.
  if (bytes === null) return `other:${address.slice(0, 64)}`
  if (isLoopback(bytes)) return 'loopback'
  if (isV4Mapped(bytes)) return `ipv4:${bytes.slice(12).join('.')}`
  const hextets = Array.from({ length: 4 }, (_, i) =>
    (((bytes[2 * i] ?? 0) << 8) | (bytes[2 * i + 1] ?? 0)).toString(16),
  )
  return `ipv6:${hextets.join(':')}::/64`
}

/**
 * A comma-separated list of addresses and CIDR ranges as a variable or a flag gives it
 * (`10.0.0.0/8, 192.0.2.7, fd00::/8`), empty entries skipped: the ranges, the entries as
 * written, and a problem naming `name` for each entry that is neither.
 */
export function parseRangeList(
  value: string,
  name: string,
): { ranges: AddressRange[]; entries: string[]; problems: string[] } {
  const ranges: AddressRange[] = []
  const entries: string[] = []
  const problems: string[] = []
  for (const entry of value.split(',').map((part) => part.trim())) {
    if (entry === '') continue
    const range = parseRange(entry)
    if (range === null) {
      problems.push(
        `${name}: "${entry.slice(0, 60)}" is not an IP address or a CIDR range (e.g. 10.0.0.0/8, 192.0.2.7, fd00::/8)`,
      )
    } else {
      ranges.push(range)
      entries.push(entry)
    }
  }
  return { ranges, entries, problems }
}

/** Whether `address` (as a socket gives it) is in one of `ranges`. */
export function isInRanges(address: string, ranges: readonly AddressRange[]): boolean {
  const bytes = parseAddress(address)
  return bytes !== null && ranges.some((range) => inRange(bytes, range))
}
