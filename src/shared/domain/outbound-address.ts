/**
 * Which network addresses and host names Homeward may send a request to when a user or partner
 * supplied the address (webhook endpoints; any future callback). Only public unicast addresses, as
 * the `ipaddr.js` library classifies them (its `range()` of the address after `process()`, which
 * turns IPv4-mapped and IPv4-compatible IPv6 into the IPv4 address they carry): loopback, private
 * (RFC 1918, RFC 4193 unique-local), link-local, carrier-grade NAT (100.64/10), multicast,
 * unspecified, broadcast, reserved and documentation ranges, and the IPv6 transition forms (6to4,
 * Teredo, NAT64) are refused, and so are the cloud metadata services by address and by name.
 * Loopback may be allowed outside production behind OUTBOUND_ALLOW_LOOPBACK (tests and a receiver on
 * the developer's own machine). Pure: the server resolves host names (platform/outbound) and asks
 * these functions about each address. docs/decisions/047-outbound-requests.md.
 */
import ipaddr from 'ipaddr.js'

/**
 * Cloud metadata services whose address is otherwise an ordinary one, or worth naming: AWS, GCP,
 * Azure and others on 169.254.169.254 (link-local anyway), AWS's IPv6 fd00:ec2::254 (unique-local
 * anyway), the ECS task metadata 169.254.170.2, Azure's wire server 168.63.129.16 (public unicast)
 * and Alibaba's 100.100.100.200 (CGNAT anyway).
 */
export const METADATA_ADDRESSES: readonly string[] = [
  '169.254.169.254',
  '169.254.170.2',
  'fd00:ec2::254',
  '168.63.129.16',
  '100.100.100.200',
]

/** Host names of cloud metadata services (GCP's two, AWS's legacy name), refused before any lookup. */
export const METADATA_HOST_NAMES: readonly string[] = [
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
]

/** Why an address is refused: the `ipaddr.js` range name, or `metadata`. */
export type RefusedRange = string

/** What each refused range is called in a message to the person who typed the URL. */
const RANGE_LABELS: Record<string, string> = {
  loopback: 'a loopback address (this server itself)',
  private: 'a private network address',
  uniqueLocal: 'a private network address',
  linkLocal: 'a link-local address',
  carrierGradeNat: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  metadata: "a cloud provider's metadata service",
}

/** A refused range in words ("a private network address"); other ranges are "a reserved address". */
export function refusedRangeLabel(range: RefusedRange): string {
  return RANGE_LABELS[range] ?? 'a reserved or special-purpose address'
}

/** The address a URL's hostname spells, normalised, or null when it is a name. Strips IPv6 brackets. */
export function ipLiteral(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
  // ipaddr.isValid also accepts the old inet_aton spellings (0x7f.1); the WHATWG URL parser has
  // already turned those into dotted decimal, and a name never parses as an address.
  if (!ipaddr.isValid(bare)) return null
  return ipaddr.parse(bare).toString()
}

/**
 * Null when an outbound request may go to `address` (an IPv4 or IPv6 address in any form ipaddr.js
 * parses), else the range that refuses it: 'loopback', 'private', 'uniqueLocal', 'linkLocal',
 * 'carrierGradeNat', 'multicast', 'unspecified', 'broadcast', 'reserved', '6to4', 'teredo',
 * 'rfc6052' (NAT64) ... or 'metadata'. A string that is not an address is refused as 'invalid'.
 * `allowLoopback` lets loopback through (never set in production: config.ts refuses it).
 */
export function refusedAddressRange(address: string, options: { allowLoopback: boolean }): RefusedRange | null {
  if (!ipaddr.isValid(address)) return 'invalid'
  const parsed = ipaddr.process(address)
  const normal = parsed.toString()
  if (METADATA_ADDRESSES.some((m) => ipaddr.parse(m).toString() === normal)) return 'metadata'
  const range = parsed.range()
  if (range === 'unicast') return null
  if (range === 'loopback' && options.allowLoopback) return null
  return range
}

/** A host name as DNS sees it: lower case, without the root's trailing dot. */
export function normalHostName(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '')
}

/** True for the names of cloud metadata services (METADATA_HOST_NAMES), in any case, with or without a trailing dot. */
export function isMetadataHostName(hostname: string): boolean {
  return METADATA_HOST_NAMES.includes(normalHostName(hostname))
}

/**
 * True for names that mean this machine whatever DNS says: `localhost` and any name under
 * `.localhost` (RFC 6761 section 6.3).
 */
export function isLoopbackHostName(hostname: string): boolean {
  const name = normalHostName(hostname)
  return name === 'localhost' || name.endsWith('.localhost')
}
