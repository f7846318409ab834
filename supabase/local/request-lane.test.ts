/** Whose turn a request's database work waits for: the secret key's, or its client's address. */
import { describe, expect, it } from 'vitest'
import { requestLane, type RequestContext } from './db.ts'
import { STACK_LANE } from './fair-queue.ts'

function from(address: string, role: RequestContext['role'] = 'anon'): RequestContext {
  return { role, claims: { role }, method: 'GET', path: '/x', headers: { 'cf-connecting-ip': address } }
}

describe('requestLane', () => {
  it("puts the secret key's work in the stack's lane, whatever its address", () => {
    expect(requestLane(from('127.0.0.1', 'service_role'))).toBe(STACK_LANE)
  })

  it('gives each IPv4 address a lane of its own', () => {
    expect(requestLane(from('127.0.0.2'))).toBe('client:127.0.0.2')
    expect(requestLane(from('127.0.0.3', 'authenticated'))).not.toBe(requestLane(from('127.0.0.2')))
  })

  it('gives an IPv6 client the lane of its /64, however the address is written', () => {
    const lane = requestLane(from('2001:db8:0:1::5'))
    expect(lane).toBe('client:2001:db8:0:1::/64')
    expect(requestLane(from('2001:0DB8:0000:0001:ffff:1:2:3'))).toBe(lane)
    expect(requestLane(from('2001:db8::1'))).toBe('client:2001:db8:0:0::/64')
    expect(requestLane(from('2001:db8:0:2::5'))).not.toBe(lane)
  })
})
