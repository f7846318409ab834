/**
 * The client a per-client limit counts (supabase/functions/_shared/http/client-address.ts): the address
 * the platform's edge wrote (CF-Connecting-IP on hosted, also set by the local gateway), an IPv6
 * client as its /64, and never an X-Forwarded-For entry the client can write.
 */
import { describe, expect, it } from 'vitest'
import { clientAddress, clientKeyOfAddress } from '../../../supabase/functions/_shared/http/client-address.ts'

describe('client key of an address', () => {
  it('counts an IPv6 client by its /64 and an IPv4 client by its address', () => {
    expect(clientKeyOfAddress('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd:12::/64')
    expect(clientKeyOfAddress('2001:0db8:abcd:0012:ffff:ffff:ffff:ffff')).toBe('2001:db8:abcd:12::/64')
    expect(clientKeyOfAddress('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(clientKeyOfAddress('[2001:db8:1:2::7]')).toBe('2001:db8:1:2::/64')
    expect(clientKeyOfAddress('::ffff:198.51.100.9')).toBe('198.51.100.9')
    expect(clientKeyOfAddress('198.51.100.9')).toBe('198.51.100.9')
  })

  it('takes the edge-set header and never a client-written X-Forwarded-For entry', () => {
    const request = (headers: Record<string, string>) => new Request('http://x/', { headers })
    expect(clientAddress(request({ 'x-forwarded-for': '203.0.113.7', 'cf-connecting-ip': '198.51.100.9' }))).toBe(
      '198.51.100.9',
    )
    expect(clientAddress(request({ 'x-forwarded-for': '203.0.113.7, 198.51.100.9' }))).toBe('unknown')
    expect(clientAddress(request({ 'cf-connecting-ip': '2001:db8:5:6:a:b:c:d' }))).toBe('2001:db8:5:6::/64')
  })
})
