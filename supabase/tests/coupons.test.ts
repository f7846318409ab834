/**
 * Coupons: validate_coupon() explains refusals in Hebrew; redeem_coupon() (service role only)
 * increments uses_count atomically, so concurrent redemptions never exceed max_uses.
 */
import { describe, expect, it } from 'vitest'
import { anonClient, serviceClient, signedInUser, sql, unique } from '../local/testing/index.ts'

async function createCoupon(values: {
  discountType?: 'percent' | 'fixed'
  value?: number
  targetPlan?: string | null
  maxUses?: number | null
  usesCount?: number
  expiresInDays?: number | null
  active?: boolean
}): Promise<string> {
  const code = `T${unique().toUpperCase()}`
  await sql(
    `insert into "public"."admin_coupons"
       ("code", "discount_type", "value", "target_plan", "max_uses", "uses_count", "expires_at", "is_active")
     values (lower($1), $2, $3, $4, $5, $6, now() + make_interval(days => $7::int), $8)`,
    [
      code,
      values.discountType ?? 'percent',
      values.value ?? 50,
      values.targetPlan ?? null,
      values.maxUses ?? null,
      values.usesCount ?? 0,
      values.expiresInDays ?? null,
      values.active ?? true,
    ],
  )
  return code
}

async function usesCount(code: string): Promise<number> {
  const [row] = await sql<{ uses: number }>(
    `select "uses_count" as "uses" from "public"."admin_coupons" where "code" = $1`,
    [code],
  )
  return row!.uses
}

describe('coupons', () => {
  const service = serviceClient()

  it('lets exactly one of two concurrent redemptions take the last use', async () => {
    const code = await createCoupon({ maxUses: 3, usesCount: 2 })
    const results = await Promise.all([
      service.rpc('redeem_coupon', { code, plan: 'pro' }),
      service.rpc('redeem_coupon', { code, plan: 'pro' }),
    ])
    expect(results.map((r) => r.error)).toEqual([null, null])
    expect(results.filter((r) => r.data?.valid).length).toBe(1)
    expect(results.find((r) => !r.data?.valid)?.data?.reason).toBe('coupon_used_up')
    expect(await usesCount(code)).toBe(3)
  })

  it('never exceeds max_uses under a burst of redemptions', async () => {
    const code = await createCoupon({ maxUses: 3 })
    const results = await Promise.all(
      Array.from({ length: 8 }, () => service.rpc('redeem_coupon', { code, plan: 'basic' })),
    )
    expect(results.filter((r) => r.data?.valid).length).toBe(3)
    expect(await usesCount(code)).toBe(3)
  })

  it('redeems an unlimited coupon every time', async () => {
    const code = await createCoupon({ maxUses: null })
    for (let i = 0; i < 3; i += 1) {
      expect((await service.rpc('redeem_coupon', { code: code.toLowerCase(), plan: 'full' })).data).toMatchObject({
        valid: true,
        code,
      })
    }
    expect(await usesCount(code)).toBe(3)
  })

  const refusals: Array<[string, () => Promise<string>, string, string]> = [
    ['an unknown code', async () => 'NOSUCHCODE', 'pro', 'coupon_not_found'],
    ['an inactive coupon', () => createCoupon({ active: false }), 'pro', 'coupon_not_found'],
    ['an expired coupon', () => createCoupon({ expiresInDays: -1 }), 'pro', 'coupon_expired'],
    ['a used-up coupon', () => createCoupon({ maxUses: 2, usesCount: 2 }), 'pro', 'coupon_used_up'],
    ['a coupon for another plan', () => createCoupon({ targetPlan: 'basic' }), 'pro', 'coupon_wrong_plan'],
    ['an empty code', async () => '  ', 'pro', 'coupon_code_required'],
  ]

  it.each(refusals)(
    'refuses %s with its reason, and redeeming it changes nothing',
    async (_case, make, plan, reason) => {
      const code = await make()
      const validated = await service.rpc('validate_coupon', { code, plan })
      expect(validated.error).toBeNull()
      expect(validated.data).toMatchObject({ valid: false, reason })
      const redeemed = await service.rpc('redeem_coupon', { code, plan })
      expect(redeemed.data).toMatchObject({ valid: false, reason })
    },
  )

  it('validates a good coupon without using it', async () => {
    const code = await createCoupon({
      discountType: 'fixed',
      value: 20,
      targetPlan: 'pro',
      maxUses: 1,
      expiresInDays: 5,
    })
    const { data } = await service.rpc('validate_coupon', { code: ` ${code.toLowerCase()} `, plan: 'pro' })
    expect(data).toEqual({ valid: true, code, discount_type: 'fixed', value: 20, reason: null })
    expect(await usesCount(code)).toBe(0)
  })

  it('keeps validation and redemption to the service role', async () => {
    const code = await createCoupon({ maxUses: 5 })
    const user = await signedInUser({ label: 'coupon-user' })
    for (const client of [anonClient(), user.client]) {
      const { error } = await client.rpc('redeem_coupon', { code, plan: 'pro' })
      expect(error?.code).toBe('42501')
      const validated = await client.rpc('validate_coupon', { code, plan: 'pro' })
      expect(validated.error?.code).toBe('42501')
    }
    expect(await usesCount(code)).toBe(0)
  })

  it('rejects coupon values outside the rules', async () => {
    const invalid = [
      ['percent', 0],
      ['percent', 101],
      ['fixed', 0],
    ] as const
    for (const [type, value] of invalid) {
      await expect(
        sql(`insert into "public"."admin_coupons" ("code", "discount_type", "value") values ($1, $2, $3)`, [
          `BAD${unique()}`,
          type,
          value,
        ]),
      ).rejects.toThrow(/check constraint/)
    }
  })
})
