import { describe, expect, it } from 'vitest'
import { couponFormDefaults, couponFormSchema, toCouponInput } from './coupon-form'

describe('coupon form', () => {
  it('starts as percent, value 0, any plan, one use', () => {
    expect(couponFormDefaults).toMatchObject({ discountType: 'percent', value: '0', targetPlan: 'any', maxUses: '1' })
  })

  it('upper-cases the code and turns empty fields into "any plan", "unlimited" and "no expiry"', () => {
    const parsed = couponFormSchema.parse({ ...couponFormDefaults, code: ' spring-25 ', value: '25', maxUses: '' })
    expect(toCouponInput(parsed)).toEqual({
      code: 'SPRING-25',
      discountType: 'percent',
      value: 25,
      targetPlan: null,
      maxUses: null,
      expiresAt: null,
    })
  })

  it('keeps a chosen plan, use limit and expiry (the end of that day)', () => {
    const parsed = couponFormSchema.parse({
      ...couponFormDefaults,
      code: 'PRO20',
      discountType: 'fixed',
      value: '20.5',
      targetPlan: 'pro',
      maxUses: '10',
      expiresOn: '2026-12-31',
    })
    const input = toCouponInput(parsed)
    expect(input).toMatchObject({ discountType: 'fixed', value: 20.5, targetPlan: 'pro', maxUses: 10 })
    expect(new Date(input.expiresAt!).getDate()).toBe(31)
    expect(new Date(input.expiresAt!).getHours()).toBe(23)
  })

  it('refuses a code with spaces or Hebrew, and a value that is not a number', () => {
    expect(couponFormSchema.safeParse({ ...couponFormDefaults, code: 'קופון' }).success).toBe(false)
    expect(couponFormSchema.safeParse({ ...couponFormDefaults, code: 'A B C' }).success).toBe(false)
    expect(couponFormSchema.safeParse({ ...couponFormDefaults, code: 'OK1', value: 'abc' }).success).toBe(false)
  })
})
