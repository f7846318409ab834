/**
 * apply-coupon: the free path. A coupon that makes the plan free is redeemed once and a paid
 * free_coupon_<uuid> session of 0 agorot is recorded for the caller, in one transaction. Anything
 * else (no user, bad body, unusable or partial coupon) is refused and writes nothing.
 */
import { describe, expect, it } from 'vitest'
import { anonClient, signedInUser } from '../../../supabase/local/testing/index.ts'
import { couponUses, createCoupon, invoke, paymentSessionsOf } from './support.ts'

interface FreeSession {
  session_id: string
  plan_type: string
  recipient_type: string
  code: string
  final_agorot: number
}

describe('apply-coupon', () => {
  it('redeems a 100% coupon and records a paid free_coupon_ session for the caller', async () => {
    const user = await signedInUser()
    const code = await createCoupon({ value: 100, maxUses: 5 })
    const result = await invoke<FreeSession>(user.client, 'apply-coupon', {
      code: code.toLowerCase(),
      selected_plan: 'pro',
    })
    expect(result.status).toBe(200)
    expect(result.data).toMatchObject({ plan_type: 'pro', recipient_type: 'for_me', code, final_agorot: 0 })
    expect(result.data!.session_id).toMatch(/^free_coupon_[0-9a-f-]{36}$/)
    expect(await couponUses(code)).toBe(1)
    expect(await paymentSessionsOf(user.id)).toEqual([
      expect.objectContaining({
        session_id: result.data!.session_id,
        email: user.email,
        plan_type: 'pro',
        recipient_type: 'for_me',
        amount_agorot: 0,
        coupon_code: code,
        status: 'paid',
        used_by_book: null,
      }),
    ])
  })

  it('accepts a fixed coupon worth the whole price, and records a gift purchase as a gift', async () => {
    const user = await signedInUser()
    const code = await createCoupon({ discountType: 'fixed', value: 99 })
    const result = await invoke<FreeSession>(user.client, 'apply-coupon', {
      code,
      selected_plan: 'basic',
      recipient_type: 'gift',
    })
    expect(result.data).toMatchObject({ plan_type: 'basic', recipient_type: 'gift' })
    expect(await paymentSessionsOf(user.id)).toEqual([
      expect.objectContaining({ recipient_type: 'gift', amount_agorot: 0 }),
    ])
  })

  it('refuses a coupon that leaves something to pay (422), using nothing up', async () => {
    const user = await signedInUser()
    const code = await createCoupon({ value: 50 })
    const result = await invoke(user.client, 'apply-coupon', { code, selected_plan: 'pro' })
    expect(result.status).toBe(422)
    expect(result.error).toEqual({ error: 'הקופון אינו מכסה את מלוא המחיר, יש להמשיך לתשלום', code: 'coupon_not_free' })
    expect(await couponUses(code)).toBe(0)
    expect(await paymentSessionsOf(user.id)).toEqual([])
  })

  const refusals: Array<[string, () => Promise<string>, string, string]> = [
    ['an unknown coupon', async () => 'NO-SUCH-FREE', 'קופון לא נמצא או לא תקף', 'coupon_not_found'],
    ['an expired coupon', () => createCoupon({ expiresInDays: -2 }), 'תוקף הקופון פג', 'coupon_expired'],
    ['a used-up coupon', () => createCoupon({ maxUses: 1, usesCount: 1 }), 'הקופון נוצל במלואו', 'coupon_used_up'],
    [
      'a coupon of another plan',
      () => createCoupon({ targetPlan: 'full' }),
      'הקופון אינו תקף לחבילה שנבחרה',
      'coupon_wrong_plan',
    ],
  ]

  it.each(refusals)('refuses %s with 422 and its reason, writing nothing', async (_label, makeCode, message, code) => {
    const user = await signedInUser()
    const coupon = await makeCode()
    const usesBefore = coupon.startsWith('T') ? await couponUses(coupon) : 0
    const result = await invoke(user.client, 'apply-coupon', { code: coupon, selected_plan: 'pro' })
    expect(result.status).toBe(422)
    expect(result.error).toEqual({ error: message, code })
    if (coupon.startsWith('T')) expect(await couponUses(coupon)).toBe(usesBefore)
    expect(await paymentSessionsOf(user.id)).toEqual([])
  })

  it('gives the last use to exactly one of two concurrent buyers', async () => {
    const [first, second] = await Promise.all([signedInUser({ label: 'first' }), signedInUser({ label: 'second' })])
    const code = await createCoupon({ maxUses: 1 })
    const results = await Promise.all([
      invoke(first.client, 'apply-coupon', { code, selected_plan: 'pro' }),
      invoke(second.client, 'apply-coupon', { code, selected_plan: 'pro' }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 422])
    expect(results.find((r) => r.status === 422)!.error!.code).toBe('coupon_used_up')
    expect(await couponUses(code)).toBe(1)
    const sessions = [...(await paymentSessionsOf(first.id)), ...(await paymentSessionsOf(second.id))]
    expect(sessions).toHaveLength(1)
  })

  it('refuses a caller without a user session (anon key) with 401 and uses nothing up', async () => {
    const code = await createCoupon({ maxUses: 3 })
    const result = await invoke(anonClient(), 'apply-coupon', { code, selected_plan: 'pro' })
    expect(result).toMatchObject({ status: 401, error: { error: 'נדרשת התחברות', code: 'login_required' } })
    expect(await couponUses(code)).toBe(0)
  })

  it('refuses a user whose e-mail is not confirmed with 403', async () => {
    const user = await signedInUser({ label: 'unconfirmed', confirmed: false })
    const code = await createCoupon()
    const result = await invoke(user.client, 'apply-coupon', { code, selected_plan: 'pro' })
    expect(result).toMatchObject({ status: 403, error: { code: 'email_not_confirmed' } })
    expect(await couponUses(code)).toBe(0)
    expect(await paymentSessionsOf(user.id)).toEqual([])
  })

  const badBodies: Array<[string, unknown, string]> = [
    ['a missing code', { selected_plan: 'pro' }, 'אנא הזינו קוד קופון'],
    ['a code of the wrong type', { code: ['FREE100'], selected_plan: 'pro' }, 'אנא הזינו קוד קופון'],
    ['a missing plan', { code: 'FREE100' }, 'חבילה לא תקינה'],
    [
      'a wrong recipient type',
      { code: 'FREE100', selected_plan: 'pro', recipient_type: 'friend' },
      'סוג הרכישה אינו תקין',
    ],
  ]

  it.each(badBodies)('refuses %s with 400, writing nothing', async (_label, body, message) => {
    const user = await signedInUser()
    const usesBefore = await couponUses('FREE100')
    const result = await invoke(user.client, 'apply-coupon', body)
    expect(result).toMatchObject({ status: 400, error: { error: message, code: 'invalid_body' } })
    expect(await couponUses('FREE100')).toBe(usesBefore)
    expect(await paymentSessionsOf(user.id)).toEqual([])
  })
})
