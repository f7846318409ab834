import { describe, expect, it } from 'vitest'
import { couponAmount, couponStatus } from './coupon-status'

const now = new Date('2026-11-25T12:00:00Z')

describe('couponStatus', () => {
  it.each([
    [{ expires_at: null, max_uses: null, uses_count: 40 }, 'active'],
    [{ expires_at: '2026-11-26T00:00:00Z', max_uses: 2, uses_count: 1 }, 'active'],
    [{ expires_at: '2026-11-25T12:00:00Z', max_uses: null, uses_count: 0 }, 'expired'],
    [{ expires_at: '2026-11-20T00:00:00Z', max_uses: 1, uses_count: 1 }, 'expired'],
    [{ expires_at: null, max_uses: 3, uses_count: 3 }, 'exhausted'],
  ] as const)('%j is %s', (coupon, expected) => {
    expect(couponStatus(coupon, now)).toBe(expected)
  })
})

describe('couponAmount', () => {
  it('drops trailing zeros', () => {
    expect(couponAmount(50)).toBe('50')
    expect(couponAmount('20.50')).toBe('20.5')
    expect(couponAmount(12.25)).toBe('12.25')
  })
})
