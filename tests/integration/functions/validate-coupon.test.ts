/**
 * validate-coupon: answers whether a coupon may be used for a plan and what the plan then costs
 * (prices from plan_prices), explains refusals in Hebrew, rejects malformed bodies with 400, and
 * never uses up a coupon. Only signed-in users may ask (the per-client limit is in
 * supabase/tests/abuse-limits.test.ts).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeEach, describe, expect, it } from 'vitest'
import { anonClient, signedInUser, sql } from '../../../supabase/local/testing/index.ts'
import { couponUses, createCoupon, invoke, postRaw } from './support.ts'

describe('validate-coupon', () => {
  // Each test asks as a new signed-in user: checks are limited to 10 per user in 15 minutes.
  let user: SupabaseClient
  let accessToken: string
  beforeEach(async () => {
    const caller = await signedInUser({ label: 'coupon-checker' })
    user = caller.client
    accessToken = caller.accessToken
  })

  it('refuses a caller without a user session (anon key) with 401', async () => {
    const result = await invoke(anonClient(), 'validate-coupon', { code: 'HALF50', selected_plan: 'pro' })
    expect(result).toMatchObject({ status: 401, error: { code: 'login_required' } })
  })

  it('accepts the seeded HALF50 for pro: 149 ₪ becomes 74.5 ₪', async () => {
    const result = await invoke(user, 'validate-coupon', { code: 'half50', selected_plan: 'pro' })
    expect(result).toMatchObject({ status: 200, error: null })
    expect(result.data).toEqual({
      valid: true,
      code: 'HALF50',
      discount_type: 'percent',
      value: 50,
      reason: null,
      reason_code: null,
      price_agorot: 14900,
      discount_agorot: 7450,
      final_agorot: 7450,
    })
  })

  it('applies a fixed discount in shekels, rounds to one decimal and floors at zero', async () => {
    const fixed = await createCoupon({ discountType: 'fixed', value: 20 })
    expect((await invoke(user, 'validate-coupon', { code: fixed, selected_plan: 'basic' })).data).toMatchObject({
      valid: true,
      final_agorot: 7900,
    })
    const fifteen = await createCoupon({ discountType: 'percent', value: 15 })
    // 99 × 0.85 = 84.15 → 84.2
    expect((await invoke(user, 'validate-coupon', { code: fifteen, selected_plan: 'basic' })).data).toMatchObject({
      final_agorot: 8420,
      discount_agorot: 1480,
    })
    const large = await createCoupon({ discountType: 'fixed', value: 500 })
    expect((await invoke(user, 'validate-coupon', { code: large, selected_plan: 'full' })).data).toMatchObject({
      valid: true,
      price_agorot: 19900,
      final_agorot: 0,
    })
  })

  it('trims the code', async () => {
    const result = await invoke(user, 'validate-coupon', { code: '  free100 ', selected_plan: 'pro' })
    expect(result.data).toMatchObject({ valid: true, code: 'FREE100', price_agorot: 14900, final_agorot: 0 })
  })

  it('ignores spaces and dashes anywhere in the typed code, and finds a coupon created with a dash', async () => {
    const typed = await invoke(user, 'validate-coupon', { code: 'fr ee-10\u20130', selected_plan: 'pro' })
    expect(typed.data).toMatchObject({ valid: true, code: 'FREE100' })
    const suffix = String(Date.now() % 1_000_000)
    const [stored] = await sql<{ code: string }>(
      `insert into "public"."admin_coupons" ("code", "discount_type", "value") values ($1, 'percent', 10) returning "code"`,
      [`spring-${suffix}`],
    )
    expect(stored!.code).toBe(`SPRING${suffix}`)
    const dashed = await invoke(user, 'validate-coupon', { code: `Spring - ${suffix}`, selected_plan: 'pro' })
    expect(dashed.data).toMatchObject({ valid: true, code: `SPRING${suffix}` })
  })

  const refusals: Array<[string, () => Promise<string>, string, string, string]> = [
    ['an unknown coupon', async () => 'NO-SUCH-COUPON', 'pro', 'קופון לא נמצא או לא תקף', 'coupon_not_found'],
    ['an expired coupon', () => createCoupon({ expiresInDays: -1 }), 'pro', 'תוקף הקופון פג', 'coupon_expired'],
    [
      'a used-up coupon',
      () => createCoupon({ maxUses: 2, usesCount: 2 }),
      'pro',
      'הקופון נוצל במלואו',
      'coupon_used_up',
    ],
    [
      'a coupon of another plan',
      () => createCoupon({ targetPlan: 'basic' }),
      'pro',
      'הקופון אינו תקף לחבילה שנבחרה',
      'coupon_wrong_plan',
    ],
  ]

  it.each(refusals)(
    'answers valid=false with the reason for %s, at full price',
    async (_label, makeCode, plan, reason, reasonCode) => {
      const code = await makeCode()
      const result = await invoke(user, 'validate-coupon', { code, selected_plan: plan })
      expect(result.status).toBe(200)
      expect(result.data).toMatchObject({
        valid: false,
        reason,
        reason_code: reasonCode,
        final_agorot: 14900,
        discount_agorot: 0,
      })
    },
  )

  const badBodies: Array<[string, unknown, string]> = [
    ['a missing code', { selected_plan: 'pro' }, 'אנא הזינו קוד קופון'],
    ['a blank code', { code: '   ', selected_plan: 'pro' }, 'אנא הזינו קוד קופון'],
    ['a numeric code', { code: 50, selected_plan: 'pro' }, 'אנא הזינו קוד קופון'],
    ['a missing plan', { code: 'HALF50' }, 'חבילה לא תקינה'],
    ['an unknown plan', { code: 'HALF50', selected_plan: 'gold' }, 'חבילה לא תקינה'],
    ['the old name of pro', { code: 'HALF50', selected_plan: 'premium' }, 'חבילה לא תקינה'],
    ['an array body', [1, 2], 'הבקשה אינה תקינה'],
  ]

  it.each(badBodies)('refuses %s with 400 and a Hebrew message', async (_label, body, message) => {
    const result = await invoke(user, 'validate-coupon', body)
    expect(result.status).toBe(400)
    expect(result.error).toEqual({ error: message, code: 'invalid_body' })
  })

  it('refuses a body that is not JSON with 400', async () => {
    const result = await postRaw('validate-coupon', '{"code": ', { authorization: `Bearer ${accessToken}` })
    expect(result).toMatchObject({ status: 400, error: { code: 'invalid_json' } })
  })

  it('uses nothing up: uses_count is unchanged after validating', async () => {
    const code = await createCoupon({ maxUses: 1 })
    for (let i = 0; i < 3; i += 1) {
      expect((await invoke(user, 'validate-coupon', { code, selected_plan: 'pro' })).data).toMatchObject({
        valid: true,
      })
    }
    expect(await couponUses(code)).toBe(0)
  })

  it('answers the CORS preflight', async () => {
    const response = await fetch(`${process.env.SUPABASE_URL}/functions/v1/validate-coupon`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5174', 'access-control-request-method': 'POST' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
  })
})
