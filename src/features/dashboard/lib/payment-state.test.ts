import { describe, expect, it } from 'vitest'
import { paymentState } from './payment-state'

describe('paymentState', () => {
  it('speaks of payment and refund only when money moved', () => {
    expect(paymentState({ amount_agorot: 14900, status: 'paid', refund_started_at: null })).toBe('paid')
    expect(paymentState({ amount_agorot: 14900, status: 'paid', refund_started_at: '2026-11-27T10:00:00Z' })).toBe(
      'refunding',
    )
    expect(paymentState({ amount_agorot: 14900, status: 'refunded', refund_started_at: '2026-11-27T10:00:00Z' })).toBe(
      'refunded',
    )
    expect(paymentState({ amount_agorot: 0, status: 'paid', refund_started_at: null })).toBe('free')
    expect(paymentState({ amount_agorot: 0, status: 'refunded', refund_started_at: null })).toBe('freeCancelled')
  })
})
