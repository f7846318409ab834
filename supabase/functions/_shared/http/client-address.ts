/**
 * The client a per-client limit counts: the address that connected to the platform's edge, as
 * the edge wrote it, never a header the client can write itself.
 *
 * On hosted Supabase the API sits behind Cloudflare, which sets `CF-Connecting-IP` to the address
 * that connected to it, replacing any value the client sent, and appends that address to
 * `X-Forwarded-For` after whatever entries the client sent; the leftmost entry of
 * `X-Forwarded-For` is therefore the client's to choose. The local gateway sets both headers the
 * same way (and `X-Real-IP`, which the local auth server reads).
 *
 * An IPv4 client is its address; an IPv6 client is its /64 network, the block one household or
 * one server is given, so an attacker cannot become thousands of clients by changing the
 * address's last 64 bits.
 */

/** The caller as a limit key: `1.2.3.4`, `2001:db8:1:2::/64`, or `unknown`. */
export function clientAddress(req: Request): string {
  const connecting = req.headers.get('cf-connecting-ip')?.trim() || req.headers.get('x-real-ip')?.trim()
  return connecting ? clientKeyOfAddress(connecting) : 'unknown'
}

/** An address as a limit key: IPv4 as written, IPv6 as its /64 network; anything else cut to 100 characters. */
export function clientKeyOfAddress(address: string): string {
  const mappedIpv4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mappedIpv4) return mappedIpv4[1]!
  const groups = ipv6Groups(address)
  if (!groups) return address.slice(0, 100)
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/** The eight 16-bit groups of an IPv6 address (zone and brackets dropped), or null. */
function ipv6Groups(address: string): number[] | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (!bare.includes(':') || !/^[0-9a-f:.]+$/i.test(bare)) return null
  const halves = bare.split('::')
  if (halves.length > 2) return null
  const parse = (part: string) => (part ? part.split(':') : [])
  const head = parse(halves[0]!)
  const tail = halves.length === 2 ? parse(halves[1]!) : []
  const written = [...head, ...tail]
  if (written.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return null
  const missing = 8 - written.length
  if ((halves.length === 2 && missing < 1) || (halves.length === 1 && missing !== 0)) return null
  return [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail].map((group) =>
    Number.parseInt(group, 16),
  )
}
