import { describe, expect, it } from 'vitest'
import { pathAfterFreeCoupon } from './after-free-coupon'

const session = {
  session_id: 'free_coupon_1234',
  plan_type: 'pro',
  recipient_type: 'for_me',
  code: 'FREE100',
  final_agorot: 0,
} as const

describe('pathAfterFreeCoupon', () => {
  it('continues to /create-book with the free session, paid and free', () => {
    const url = new URL(pathAfterFreeCoupon(session, null), 'http://x')
    expect(url.pathname).toBe('/create-book')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      plan: 'pro',
      paid: 'true',
      session_id: 'free_coupon_1234',
      free: 'true',
      coupon: 'FREE100',
    })
  })

  it('carries the book being paid for', () => {
    expect(new URL(pathAfterFreeCoupon(session, 'b-1'), 'http://x').searchParams.get('book')).toBe('b-1')
  })

  it('sends a gift to /gift-generation', () => {
    const url = new URL(pathAfterFreeCoupon({ ...session, recipient_type: 'gift' }, null), 'http://x')
    expect(url.pathname).toBe('/gift-generation')
    expect(Object.fromEntries(url.searchParams)).toEqual({ plan: 'pro', paid: 'true', session_id: 'free_coupon_1234' })
  })
})
